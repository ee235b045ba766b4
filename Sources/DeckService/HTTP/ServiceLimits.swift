/// Bounds on what a client may send, so no request can exhaust the server.
///
/// Slow and idle clients are shed: a request whose head or body does not arrive in time is
/// answered 408 and its connection closed, an idle keep-alive connection is closed, and a
/// connection beyond ``maximumConnections`` is answered 503 and closed, while the connections
/// already open are served as usual.
public struct ServiceLimits: Sendable {
    /// The longest query string accepted, in bytes (16 KiB).
    public var maximumQueryBytes = 16 * 1024
    /// The largest request body accepted, in bytes (16 KiB).
    public var maximumBodyBytes = 16 * 1024
    /// The most header fields a request may carry (100); more is answered 431.
    public var maximumHeaderCount = 100
    /// The most bytes of header names and values a request may carry (16 KiB); more is answered 431.
    public var maximumHeaderBytes = 16 * 1024
    /// Requests per second allowed to each client address, on average; `nil` (the default) is no limit.
    /// Over the limit, requests are answered 429 with `Retry-After`.
    public var requestsPerSecondPerClient: Double? = nil
    /// Requests a client may send at once on top of the average rate (ignored without a rate limit).
    public var rateLimitBurst: Double = 20
    /// The most decks the store may hold; `nil` (the default) is no cap. Creating a deck beyond it
    /// is answered 503.
    public var maximumDecks: Int? = nil

    /// How long a request's head may take to arrive, from its first byte to its blank line (10 s);
    /// bytes that trickle in do not extend it. Later, the request is answered 408 and its connection closed.
    public var requestHeadTimeout: Duration = .seconds(10)
    /// How long a request's body may take to arrive after its head (30 s); later, the request is
    /// answered 408 and its connection closed.
    public var requestBodyTimeout: Duration = .seconds(30)
    /// How long a keep-alive connection may wait for its next request, or a new connection for its
    /// first (60 s); then it is closed.
    public var idleConnectionTimeout: Duration = .seconds(60)
    /// The most connections open at once (4096); each further connection is answered 503 and
    /// closed. Keep it below the process's open-file limit (`ulimit -n`).
    public var maximumConnections = 4096

    /// The most connections one client address may hold open; `nil` (the default) means a quarter of
    /// ``maximumConnections``. Counted by the connection's peer (an IPv6 peer by its /64); trusted
    /// proxies are not capped. Each further connection is answered 429 and closed.
    public var maximumConnectionsPerClient: Int? = nil

    /// The most connections one client address holds open, as enforced: ``maximumConnectionsPerClient``
    /// (or, unset, a quarter of ``maximumConnections``), at least 1.
    public var connectionCapacityPerClient: Int {
        max(1, maximumConnectionsPerClient ?? max(0, maximumConnections) / 4)
    }

    /// The most players one client address may seat at one table in an hour (16); the next join is
    /// answered 429 with `Retry-After`. Values below 1 count as 1.
    public var maximumJoinsPerClientPerTable = 16

    /// The most event streams (`GET /api/deck/<id>/events`) one client address may hold open (32);
    /// the next is answered 429 with `Retry-After` until one of them ends. Values below 1 count as 1.
    public var maximumStreamsPerClient = 32
    /// The most event streams open at once on the server; `nil` (the default) means half of
    /// ``maximumConnections``. Whatever is set, streams never take more than half of the
    /// connections (see ``streamCapacity``), so API requests always find a connection slot.
    /// Beyond it a stream is answered 503 with `Retry-After`; API requests are never refused for it.
    public var maximumStreams: Int? = nil

    /// The most event streams open at once, as enforced: ``maximumStreams`` (or, unset, half of
    /// ``maximumConnections``), at most half of ``maximumConnections`` and at least 0.
    public var streamCapacity: Int {
        let half = max(0, maximumConnections) / 2
        return max(0, min(maximumStreams ?? half, half))
    }

    /// The default limits.
    public init() {}

    /// A limit in bytes as error messages give it: `16 KiB` for a whole number of KiB, else
    /// `1000 bytes`, so that the message states the limit configured, exactly.
    ///
    /// - Parameter bytes: a limit.
    /// - Returns: its words.
    public static func describe(bytes: Int) -> String {
        bytes > 0 && bytes % 1024 == 0
            ? String(bytes / 1024) + " KiB" : String(bytes) + (bytes == 1 ? " byte" : " bytes")
    }
}
