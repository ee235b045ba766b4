import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization
import TableCore

/// The number of connections a server has open, against its caps: in all, and per client address
/// (the peer's, an IPv6 peer by its /64; trusted proxies are not capped). Shared by every
/// connection's ``ConnectionCapHandler``.
final class OpenConnections: Sendable {
    /// Whether a new connection may stay open.
    enum Admission: Equatable, Sendable {
        /// It may: call ``closed(client:)`` with its client once it closes.
        case admitted(client: String?)
        /// The server has ``maximum`` open.
        case serverFull
        /// Its address has ``maximumPerClient`` open.
        case clientFull
    }

    let maximum: Int
    let maximumPerClient: Int
    private let clients: ClientAddressResolver
    private let count = Atomic<Int>(0)
    private let perClient = Mutex<[String: Int]>([:])

    init(maximum: Int, maximumPerClient: Int = .max, clients: ClientAddressResolver = .init(trustedProxies: [])) {
        self.maximum = maximum
        self.maximumPerClient = max(1, maximumPerClient)
        self.clients = clients
    }

    /// Counts a new connection from `peer` if the caps allow it.
    func opened(peer: SocketAddress?) -> Admission {
        let (_, admitted) = count.wrappingAdd(1, ordering: .relaxed)
        guard admitted <= maximum else {
            count.wrappingSubtract(1, ordering: .relaxed)
            return .serverFull
        }
        guard let peer, let bytes = IPNetwork.bytes(of: peer), !clients.isTrusted(bytes) else {
            return .admitted(client: nil)
        }
        let client = ClientAddressResolver.key(of: bytes)
        let fits = perClient.withLock { counts in
            let open = counts[client, default: 0]
            guard open < maximumPerClient else { return false }
            counts[client] = open + 1
            return true
        }
        guard fits else {
            count.wrappingSubtract(1, ordering: .relaxed)
            return .clientFull
        }
        return .admitted(client: client)
    }

    /// Releases the place of a connection that ``opened(peer:)`` admitted.
    func closed(client: String?) {
        count.wrappingSubtract(1, ordering: .relaxed)
        guard let client else { return }
        perClient.withLock { counts in
            let open = (counts[client] ?? 1) - 1
            counts[client] = open > 0 ? open : nil
        }
    }
}

/// Refuses a connection beyond the caps: answers it 503 (the server's cap) or 429 (its address's)
/// with the API's JSON error and closes it, without touching the connections already open.
///
/// The kernel would otherwise queue such connections unanswered until others close (which is
/// what not accepting them does); an immediate answer tells the client to come back later.
final class ConnectionCapHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let openConnections: OpenConnections
    private var admission: OpenConnections.Admission?
    /// Where the refusals are counted (under `over-capacity`).
    private let metrics: ServiceMetrics?

    init(openConnections: OpenConnections, metrics: ServiceMetrics? = nil) {
        self.openConnections = openConnections
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        admission = openConnections.opened(peer: context.channel.remoteAddress)
        if context.channel.isActive { refuseIfNotAdmitted(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if case .admitted(let client) = admission { openConnections.closed(client: client) }
        admission = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        refuseIfNotAdmitted(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's requests are not served: its answer is already on its way.
        guard case .admitted = admission else { return }
        context.fireChannelRead(data)
    }

    private func refuseIfNotAdmitted(context: ChannelHandlerContext) {
        switch admission {
        case .serverFull:
            context.answerAndClose(.tooManyConnections, countedIn: metrics, as: "over-capacity")
        case .clientFull:
            context.answerAndClose(
                .tooManyConnectionsFromClient(openConnections.maximumPerClient), countedIn: metrics,
                as: "over-capacity")
        case .admitted, nil:
            break
        }
    }
}
