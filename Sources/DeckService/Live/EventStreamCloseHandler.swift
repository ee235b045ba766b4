import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client has gone while an events stream is being written to it.
///
/// The server allows half-closed connections (a client may finish sending and still read its
/// answer), so a subscriber that drops its connection would otherwise be noticed only when a
/// write fails, up to a heartbeat later. An events stream never needs the client's side again, so
/// when its input closes the connection is closed at once, and the stream's subscription with it.
final class EventStreamCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var streaming = false
    private var inputClosed = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            streaming = head.headerFields[.contentType] == "text/event-stream"
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

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            inputClosed = true
            if streaming { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
