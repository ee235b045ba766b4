import HTTPTypes
import NIOCore
import NIOHTTPTypes
import TableCore

/// Sheds clients that are too slow or idle too long, following ``ConnectionDeadlines``: a request
/// whose head or body does not arrive in time is answered 408 and the connection closed; an idle
/// keep-alive connection is closed without an answer.
///
/// It sits after the HTTP codec, where it sees request and response parts, and puts a
/// ``ByteArrivalHandler`` in front of the codec to learn when a request's first byte arrives (a
/// half-sent head produces no part at all).
final class ConnectionTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var deadlines: ConnectionDeadlines
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private var responseInProgress = false
    /// Where the `408` answers are counted (under `timeout`).
    private let metrics: ServiceMetrics?

    init(limits: ConnectionDeadlines.Limits, metrics: ServiceMetrics? = nil) {
        deadlines = ConnectionDeadlines(limits: limits, openedAt: .now())
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        deadlines = ConnectionDeadlines(limits: deadlines.limits, openedAt: .now())
        do {
            try context.pipeline.syncOperations.addHandler(ByteArrivalHandler(timeouts: self), position: .first)
        } catch {
            // The channel is already closing; there is nothing left to time.
            return
        }
        scheduleTimer()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: deadlines.requestHeadReceived(at: .now())
        case .body: break
        case .end: deadlines.requestEndReceived(at: .now())
        }
        scheduleTimer()
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            responseInProgress = true
        case .end:
            responseInProgress = false
            deadlines.responseFinished(at: .now())
            scheduleTimer()
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// Called by the ``ByteArrivalHandler`` in front of the codec.
    func bytesArrived() {
        deadlines.bytesArrived(at: .now())
        scheduleTimer()
    }

    /// Makes sure a timer fires no later than the current deadline. A timer that fires early (the
    /// deadline moved later) finds nothing expired and is scheduled again.
    private func scheduleTimer() {
        guard let context, let deadline = deadlines.deadline else { return }
        if let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in timerFired() }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    private func timerFired() {
        timer = nil
        timerDeadline = nil
        guard let context else { return }
        switch deadlines.timerFired(at: .now()) {
        case .none:
            scheduleTimer()
        case .closeIdleConnection:
            context.close(promise: nil)
        case .answerRequestTimeout:
            if responseInProgress {
                context.close(promise: nil)
            } else {
                context.answerAndClose(.requestTimeout, countedIn: metrics, as: "timeout")
            }
        }
    }
}

/// Tells a ``ConnectionTimeoutHandler`` when bytes arrive, from in front of the HTTP codec.
final class ByteArrivalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var timeouts: ConnectionTimeoutHandler?

    init(timeouts: ConnectionTimeoutHandler) {
        self.timeouts = timeouts
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        timeouts?.bytesArrived()
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timeouts = nil
    }
}
