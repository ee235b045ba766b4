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

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// The client's IP address as text, the key of its rate-limit bucket.
    var clientKey: String { remoteAddress?.ipAddress ?? "unknown" }
}
