import HTTPTypes
import HummingbirdCore
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
///
/// Once a stream's opening is written, its connection is handed over to the hub
/// (``handOver(response:stream:)``), so that an open stream costs no task: Hummingbird answers each
/// connection's requests in a task of its own, which would otherwise wait, with every frame it
/// ever used, for as long as the stream lasts. The endpoint's response body then throws
/// ``EventStreamHandedOver``, which ends that task; on its way out the task closes its side of the
/// connection twice (its writer's output, then the channel), and this handler, placed below it,
/// turns both closes away. From then on nothing the client sends is decoded or answered (the
/// handlers above ask for no more reads once that task has gone, and ``SocketSide`` drops what is
/// read until then; NIO still reads up to the end of input when the client closes its side, so a
/// client that leaves is seen at once), the stream ends when the server quiesces, and the hub ends
/// it with ``finishStream(response:)``.
///
/// Once a stream is handed over, its frames skip NIO's write path too: the stream's
/// ``EventStreamConnection`` sends each straight to the socket (``EventStreamSocket``) on the event
/// loop, while this handler allows it: while the stream goes on and NIO holds none of its writes.
/// What the socket does not take at once (a client that reads slowly) comes here and goes through
/// NIO, and so do the frames after it until NIO has written it: the order of the bytes is the order
/// of the frames either way.
package final class EventStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    /// A handler for one connection, before its response is known.
    package init() {}

    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    /// A handler just below the HTTP encoder, whose context writes bytes straight to the socket.
    ///
    /// No write passes through it (NIO needs a handler to take part in one direction: this one
    /// passes the connection's reads on untouched until the stream is handed over, then drops
    /// them before the HTTP decoder sees them); it mostly lends its place.
    package final class SocketSide: ChannelInboundHandler, RemovableChannelHandler {
        package typealias InboundIn = ByteBuffer

        fileprivate var context: ChannelHandlerContext?
        /// Whether what the client sends is dropped: its connection carries a handed-over stream.
        fileprivate var dropsInput = false

        package func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !dropsInput else { return }
            context.fireChannelRead(data)
        }

        package func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
        }
    }

    /// The number of final response heads written so far: the current response's number.
    package private(set) var responseNumber: UInt64 = 0
    /// Whether the current response is an events stream that has not ended.
    package private(set) var streaming = false {
        didSet { updateDirectSends() }
    }
    /// The handed-over stream's connection, which sends frames straight to the socket while this
    /// handler allows it (``updateDirectSends()``).
    private var handedOverStream: EventStreamConnection?
    /// The socket under the handed-over stream, when it can be found.
    private var directSocket: EventStreamSocket? {
        didSet { updateDirectSends() }
    }
    /// How many of the stream's writes NIO holds (taken, not yet written to the socket), counted
    /// once there is a direct socket: while it holds any, frames queue behind them.
    private var writesHeldByNIO = 0 {
        didSet { updateDirectSends() }
    }
    private var context: ChannelHandlerContext?
    private var socketSide: SocketSide?
    private var inputClosed = false
    /// Frames written since the connection stopped taking more.
    private var framesWhileUnwritable = 0
    /// Whether the connection takes more writes, as its writability events tell (cheaper than
    /// asking the channel on every frame).
    private var writable = true
    /// Whether frames were written since the last flush.
    private var flushDue = false
    /// Whether the connection belongs to the hub: its stream's opening is written and the task
    /// that answered its request has gone (or is going).
    private var handedOver = false
    /// Whether the close that the answering task makes on its way out has been turned away.
    private var answeringTaskCloseTurnedAway = false
    /// Whether this handler ended the stream (``finishStream(response:)``): the connection is
    /// closing, and takes no more writes.
    private var endedHere = false

    private static let eventStreamContentType = HTTPField(name: .contentType, value: "text/event-stream")

    package func handlerAdded(context: ChannelHandlerContext) {
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

    package func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        directSocket = nil
        handedOverStream = nil
    }

    /// Tells the handed-over stream's connection whether it may send frames straight to the
    /// socket: only while the stream goes on, over a socket that is open, and NIO holds none of
    /// its writes (so the bytes on the wire keep the frames' order).
    private func updateDirectSends() {
        guard let handedOverStream else { return }
        handedOverStream.allowDirectSends(to: streaming && writesHeldByNIO == 0 ? directSocket : nil)
    }

    /// Whether frames can be written straight to this connection (its pipeline has the HTTP/1.1
    /// encoder that ``SocketSide`` goes below).
    package var writesFrames: Bool { socketSide != nil }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // A stream this handler ended is over: its connection is closing, and nothing more goes
        // after its last chunk (such as the rest of an opening still on its way).
        guard !endedHere else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        // Nothing from above goes into a handed-over stream: the task that answered its request
        // has gone, and its frames come from the hub.
        guard !handedOver else {
            promise?.fail(EventStreamHandedOver())
            return
        }
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

    /// Writes a ready-framed chunk of the events stream that is response `response` through NIO
    /// (all of it, or what the socket did not take when it was sent directly), unless that
    /// response has ended; the caller flushes with ``flushFrames()``. Closes the connection
    /// instead when more than `capacity` frames are already waiting for a client that does not
    /// read.
    ///
    /// - Parameters:
    ///   - frame: the chunk, framed.
    ///   - sent: how many of the frame's bytes were sent directly.
    ///   - response: the number of the response the stream is.
    ///   - capacity: the most frames that may wait for the client.
    /// - Returns: whether this write made a flush due (the first write since the last flush).
    package func writeFrame(_ frame: ByteBuffer, sent: Int, response: UInt64, capacity: Int) -> Bool {
        guard streaming, response == responseNumber, let socket = socketSide?.context else { return false }
        if !writable {
            framesWhileUnwritable += 1
            if framesWhileUnwritable > capacity {
                streaming = false
                context?.close(promise: nil)
                return false
            }
        }
        var rest = frame
        rest.moveReaderIndex(forwardBy: sent)
        writeThroughNIO(rest, to: socket)
        if flushDue { return false }
        flushDue = true
        return true
    }

    /// Gives NIO bytes of the stream to write, counting them while there is a direct socket.
    private func writeThroughNIO(_ bytes: ByteBuffer, to socket: ChannelHandlerContext) {
        guard directSocket != nil else {
            socket.write(NIOAny(IOData.byteBuffer(bytes)), promise: nil)
            return
        }
        writesHeldByNIO += 1
        let written = socket.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { result in
            // NIO fails the writes it holds when it closes the socket, before `channelInactive`: the
            // socket may be closed already, so direct sends end here for good (and the decrement
            // below cannot allow them again).
            if case .failure = result { self.directSocket = nil }
            self.writesHeldByNIO -= 1
        }
        socket.write(NIOAny(IOData.byteBuffer(bytes)), promise: written)
    }

    /// Sends the frames written since the last flush.
    package func flushFrames() {
        flushDue = false
        socketSide?.context?.flush()
    }

    /// Closes the connection at once (its client does not keep up).
    package func closeConnection() {
        streaming = false
        context?.close(promise: nil)
    }

    /// Takes the connection over for the events stream that is response `response`, whose opening
    /// is written: the task that answered the request may end without closing it. Does nothing
    /// when that stream has ended or the connection has closed (the task then closes it as usual).
    package func handOver(response: UInt64, stream: EventStreamConnection) {
        guard let context, context.channel.isActive, streaming, response == responseNumber else { return }
        handedOver = true
        // Anything more the client sends is not decoded: a malformed request would close the
        // stream. (The handlers above stop asking for reads once the answering task has gone; this
        // covers what is read until then.)
        socketSide?.dropsInput = true
        // Its idle time-out and quiescing are for connections that go back to answering requests.
        if let state = try? context.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self) {
            context.pipeline.syncOperations.removeHandler(state, promise: nil)
        }
        // Frames go straight to the socket once NIO has written what it holds of the opening: an
        // empty write, counted, marks where that is.
        if let socket = socketSide?.context, let direct = EventStreamSocket(of: context.channel) {
            directSocket = direct
            writeThroughNIO(ByteBuffer(), to: socket)
            socket.flush()
        }
        handedOverStream = stream
        updateDirectSends()
    }

    /// Ends the events stream that is response `response` with the response's last chunk, then
    /// closes the connection (which answers nothing more once its stream has been handed over).
    /// Does nothing when that stream has already ended.
    package func finishStream(response: UInt64) {
        guard let context, streaming, response == responseNumber else { return }
        streaming = false
        endedHere = true
        guard let socket = socketSide?.context else {
            context.close(promise: nil)
            return
        }
        flushDue = false
        let closed = context.eventLoop.makePromise(of: Void.self)
        socket.writeAndFlush(NIOAny(IOData.byteBuffer(Self.lastChunk)), promise: closed)
        closed.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// The zero-length chunk that ends a chunked response.
    private static let lastChunk = ByteBuffer(string: "0\r\n\r\n")

    package func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // A handed-over connection is closed from here down, never from above: what comes from
        // above is the answering task leaving (its writer's output, then the whole channel once).
        if handedOver, mode == .output || (mode == .all && !answeringTaskCloseTurnedAway) {
            if mode == .all { answeringTaskCloseTurnedAway = true }
            promise?.fail(EventStreamHandedOver())
            return
        }
        context.close(mode: mode, promise: promise)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        // NIO has closed the socket (see ``EventStreamSocket``): its number may be reused. A socket is
        // found only at the hand-over, while the channel is active, so it never comes back.
        directSocket = nil
        context.fireChannelInactive()
    }

    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        writable = context.channel.isWritable
        if writable { framesWhileUnwritable = 0 }
        context.fireChannelWritabilityChanged()
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            inputClosed = true
            if streaming || handedOver { context.close(promise: nil) }
        } else if event is ChannelShouldQuiesceEvent, handedOver {
            // The server is stopping: the stream ends now (the hub ends the others).
            finishStream(response: responseNumber)
        }
        context.fireUserInboundEventTriggered(event)
    }
}

/// Thrown by an events stream's response body once its connection is handed over to the hub
/// (``EventStreamHandler/handOver(response:stream:)``): it ends the task that answered the request
/// without ending the stream.
package struct EventStreamHandedOver: Error {
    package init() {}
}
