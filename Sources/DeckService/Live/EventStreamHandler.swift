import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// The connection side of an events stream: it closes the connection when the client has gone,
/// and writes the stream's frames straight to the connection (through ``EventStreamOutlet``).
///
/// The server allows half-closed connections (a client may finish sending and still read its
/// answer), so a subscriber that drops its connection would otherwise be noticed only when a
/// write fails, up to a heartbeat later. An events stream never needs the client's side again, so
/// when its input closes the connection is closed at once, and the stream's subscription with it.
///
/// Frames written directly skip the response's task: the hub's fan-out hands each one to the
/// connection's event loop, which writes it here. A frame is written only into the response it
/// was meant for (responses are counted), and only while that response is still streaming. When
/// the client does not read, NIO buffers up to its high-water mark; past that, at most the
/// subscriber's capacity of frames more are buffered before the connection is closed (the client
/// resumes with `Last-Event-ID`), so memory stays bounded.
final class EventStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var context: ChannelHandlerContext?
    private var inputClosed = false
    /// The number of response heads written so far: the current response's number.
    private(set) var responseNumber: UInt64 = 0
    /// Whether the current response is an events stream that has not ended.
    private(set) var streaming = false
    /// Frames written directly since the connection stopped taking more.
    private var framesWhileUnwritable = 0
    /// Whether the connection takes more writes, as its writability events tell (cheaper than
    /// asking the channel on every frame).
    private var writable = true

    private static let eventStreamContentType = HTTPField(name: .contentType, value: "text/event-stream")

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

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

    /// Writes a frame of the events stream that is response `response`, unless that response has
    /// ended. Closes the connection instead when more than `capacity` frames are already waiting
    /// for a client that does not read.
    func writeFrame(_ frame: ByteBuffer, response: UInt64, capacity: Int) {
        guard let context, streaming, response == responseNumber else { return }
        if !writable {
            framesWhileUnwritable += 1
            if framesWhileUnwritable > capacity {
                streaming = false
                context.close(promise: nil)
                return
            }
        }
        context.writeAndFlush(wrapOutboundOut(.body(frame)), promise: nil)
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
