import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The connection side of events streams: it knows whether the response being written is an
/// events stream, writes the frames the hub hands it (see ``EventStreamConnection``), and closes
/// the connection when the client has gone.
///
/// The server allows half-closed connections (a client may finish sending and still read its
/// answer), so a subscriber that drops its connection would otherwise be noticed only when a
/// write fails, up to a heartbeat later. An events stream never needs the client's side again, so
/// when its input closes the connection is closed at once, and the stream's subscription with it.
///
/// Frames arrive ready to write: already framed as HTTP/1.1 chunks, so they skip the HTTP encoder
/// and go to the socket from ``SocketSide``, a handler placed just below the encoder. A frame is
/// written only into the response it was meant for (responses are counted), and only while that
/// response is still streaming. When the client does not read, NIO buffers up to its high-water
/// mark; past that, at most `capacity` frames more are buffered before the connection is closed
/// (the client resumes with `Last-Event-ID`), so memory stays bounded.
final class EventStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// A handler just below the HTTP encoder, whose context writes bytes straight to the socket.
    ///
    /// No write passes through it (NIO needs a handler to take part in one direction: this one
    /// passes the connection's reads on untouched); it only lends its place.
    final class SocketSide: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer

        fileprivate var context: ChannelHandlerContext?

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
        }
    }

    private var context: ChannelHandlerContext?
    private var socketSide: SocketSide?
    private var inputClosed = false
    /// The number of final response heads written so far: the current response's number.
    private(set) var responseNumber: UInt64 = 0
    /// Whether the current response is an events stream that has not ended.
    private(set) var streaming = false
    /// Frames written since the connection stopped taking more.
    private var framesWhileUnwritable = 0
    /// Whether the connection takes more writes, as its writability events tell (cheaper than
    /// asking the channel on every frame).
    private var writable = true
    /// Whether frames were written since the last flush.
    private var flushDue = false

    private static let eventStreamContentType = HTTPField(name: .contentType, value: "text/event-stream")

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // Below the encoder, and above anything that transforms bytes (such as TLS, if the server
        // ever has it): frames are plain HTTP/1.1 chunks.
        let side = SocketSide()
        let pipeline = context.pipeline.syncOperations
        if let encoder = try? pipeline.handler(type: HTTPResponseEncoder.self),
            (try? pipeline.addHandler(side, position: .before(encoder))) != nil
        {
            socketSide = side
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Whether frames can be written straight to this connection (its pipeline has the HTTP/1.1
    /// encoder that ``SocketSide`` goes below).
    var writesFrames: Bool { socketSide != nil }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            responseNumber += 1
            framesWhileUnwritable = 0
            // A field comparison, not the name subscript, which joins values into a new string.
            streaming = head.headerFields.contains(Self.eventStreamContentType)
            if streaming, inputClosed {
                context.close(promise: nil)
                promise?.fail(ChannelError.ioOnClosedChannel)
                return
            }
        case .end:
            streaming = false
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// Writes a ready-framed chunk of the events stream that is response `response`, unless that
    /// response has ended; the caller flushes with ``flushFrames()``. Closes the connection instead
    /// when more than `capacity` frames are already waiting for a client that does not read.
    ///
    /// - Returns: whether this write made a flush due (the first write since the last flush).
    func writeFrame(_ frame: ByteBuffer, response: UInt64, capacity: Int) -> Bool {
        guard let socket = socketSide?.context, streaming, response == responseNumber else { return false }
        if !writable {
            framesWhileUnwritable += 1
            if framesWhileUnwritable > capacity {
                streaming = false
                context?.close(promise: nil)
                return false
            }
        }
        socket.write(NIOAny(IOData.byteBuffer(frame)), promise: nil)
        if flushDue { return false }
        flushDue = true
        return true
    }

    /// Sends the frames written since the last flush.
    func flushFrames() {
        flushDue = false
        socketSide?.context?.flush()
    }

    /// Closes the connection.
    func closeConnection() {
        streaming = false
        context?.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        writable = context.channel.isWritable
        if writable { framesWhileUnwritable = 0 }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            inputClosed = true
            if streaming { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
