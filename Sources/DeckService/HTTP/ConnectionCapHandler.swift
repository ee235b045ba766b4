import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization

/// The number of connections a server has open, against its cap. Shared by every connection's
/// ``ConnectionCapHandler``.
final class OpenConnections: Sendable {
    let maximum: Int
    private let count = Atomic<Int>(0)

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts a new connection if the cap allows it.
    ///
    /// - Returns: whether the connection may stay open; when `true`, call ``closed()`` once it closes.
    func opened() -> Bool {
        let (_, admitted) = count.wrappingAdd(1, ordering: .relaxed)
        guard admitted > maximum else { return true }
        count.wrappingSubtract(1, ordering: .relaxed)
        return false
    }

    /// Releases the place of a connection that ``opened()`` admitted.
    func closed() {
        count.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// Refuses a connection beyond the cap: answers it 503 with the API's JSON error and closes it,
/// without touching the connections already open.
///
/// The kernel would otherwise queue such connections unanswered until others close (which is
/// what not accepting them does); an immediate answer tells the client to come back later.
final class ConnectionCapHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let openConnections: OpenConnections
    private var admitted: Bool?
    /// Where the refusals are counted (under `over-capacity`).
    private let metrics: ServiceMetrics?

    init(openConnections: OpenConnections, metrics: ServiceMetrics? = nil) {
        self.openConnections = openConnections
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let admitted = openConnections.opened()
        self.admitted = admitted
        if !admitted, context.channel.isActive {
            context.answerAndClose(.tooManyConnections, countedIn: metrics, as: "over-capacity")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if admitted == true { openConnections.closed() }
        admitted = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        if admitted == false { context.answerAndClose(.tooManyConnections, countedIn: metrics, as: "over-capacity") }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's requests are not served: its answer is already on its way.
        guard admitted == true else { return }
        context.fireChannelRead(data)
    }
}
