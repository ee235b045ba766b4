import Hummingbird
import NIOCore

/// The request context of `riffle serve`: Hummingbird's basics plus the client's address, which the
/// per-client rate limit keys on.
struct RiffleRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connected peer, `nil` when unknown (such as in router-level tests).
    let remoteAddress: SocketAddress?
    /// The connection, which an events stream closes when its subscriber cannot keep up.
    let channel: any Channel

    /// Who the request comes from, as every per-client cap counts it: the peer's address (an IPv6
    /// peer by its /64), or the client a trusted proxy forwarded for; ``RequestPipeline`` sets it
    /// (``ClientAddressResolver``).
    var clientKey: String

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
        clientKey = ClientAddressResolver(trustedProxies: []).client(peer: remoteAddress, headers: [:])
    }
}
