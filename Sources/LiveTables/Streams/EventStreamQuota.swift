/// How many events streams are open, per client address and in all, against their caps.
///
/// An events stream holds its connection for as long as the client keeps it (heartbeats keep it
/// open through proxies), so without caps one client could hold every connection slot with streams
/// and leave API requests none. Each address may hold ``Limits/perClient`` streams, and all streams
/// together at most ``Limits/total``, which the server keeps to half of its connections.
///
/// A value-type state machine: ``streamRequested(by:)`` and ``streamEnded(for:)`` are the events,
/// the ``Decision`` says what the server must do. No clock is involved.

package struct EventStreamQuota: Sendable {
    /// The caps.
    package struct Limits: Hashable, Sendable {
        /// The most streams one client address may hold open; at least 1.
        package var perClient: Int
        /// The most streams open in all; at least 0 (0 refuses every stream).
        package var total: Int

        package init(perClient: Int, total: Int) {
            self.perClient = max(1, perClient)
            self.total = max(0, total)
        }
    }

    /// What to do with a stream request.
    package enum Decision: Hashable, Sendable {
        /// Open it; call ``streamEnded(for:)`` once it ends.
        case open
        /// Refuse it (429): the address holds its maximum of streams.
        case refuseClient(limit: Int)
        /// Refuse it (503): the server holds its maximum of streams.
        case refuseServer(limit: Int)
    }

    package let limits: Limits
    /// Open streams by client address; an address with none is not kept.
    private var openByClient: [String: Int] = [:]
    /// Open streams in all.
    package private(set) var openStreams = 0

    package init(limits: Limits) {
        self.limits = limits
    }

    /// The streams `client` holds open.
    package func openStreams(of client: String) -> Int { openByClient[client] ?? 0 }

    /// A client asks for a stream. The per-client cap is checked first, so that a client over its
    /// own cap is told so (429, its own doing) even when the server is full too.
    package mutating func streamRequested(by client: String) -> Decision {
        let held = openByClient[client] ?? 0
        if held >= limits.perClient { return .refuseClient(limit: limits.perClient) }
        if openStreams >= limits.total { return .refuseServer(limit: limits.total) }
        openByClient[client] = held + 1
        openStreams += 1
        return .open
    }

    /// A stream that ``streamRequested(by:)`` opened for `client` has ended.
    package mutating func streamEnded(for client: String) {
        guard let held = openByClient[client] else { return }
        openByClient[client] = held > 1 ? held - 1 : nil
        openStreams -= 1
    }
}
