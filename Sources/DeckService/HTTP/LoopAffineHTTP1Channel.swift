import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel, with each connection's task preferring that connection's event
/// loop while the server is quiet (see ``ConnectionLoopExecutor``).
struct LoopAffineHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let requests: RequestsInFlight

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        let executor = ConnectionLoopExecutor(loop: value.channel.eventLoop, requests: requests)
        await withTaskExecutorPreference(executor) {
            await http1.handle(value: value, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1 server whose connections answer on their own event loop while the server is quiet.
    ///
    /// - Parameters:
    ///   - requestsInFlight: the count of requests being answered, which the responder keeps
    ///     (``RequestAccounting``).
    ///   - configuration: the HTTP/1 channel's configuration (idle timeout, pipeline additions).
    static func loopAffineHTTP1(
        requestsInFlight: RequestsInFlight, configuration: HTTP1Channel.Configuration
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            LoopAffineHTTP1Channel(
                http1: HTTP1Channel(responder: responder, configuration: configuration), requests: requestsInFlight)
        }
    }
}
