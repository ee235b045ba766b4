/// Bounds on what a client may send, so no request can exhaust the server.
public struct ServiceLimits: Sendable {
    /// The longest query string accepted, in bytes (16 KiB).
    public var maximumQueryBytes = 16 * 1024
    /// The largest request body accepted, in bytes (16 KiB).
    public var maximumBodyBytes = 16 * 1024

    /// The default limits.
    public init() {}
}
