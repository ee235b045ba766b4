/// Bounds on what a client may send, so no request can exhaust the server.
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

    /// The default limits.
    public init() {}
}
