/// Everything `riffle serve` can be told: where to listen, where decks live, and how long they live.
public struct ServiceConfiguration: Sendable {
    /// The address to listen on; `127.0.0.1` by default.
    public var host: String
    /// The port to listen on; `8080` by default, `0` for any free port.
    public var port: Int
    /// The base URL that image URLs in responses start with, such as `https://cards.example.com`.
    /// `nil` means the address the server listens on.
    public var publicURL: String?
    /// How long a deck may go unchanged before it is deleted, in seconds (14 days by default).
    public var deckLifetimeSeconds: Int64
    /// How often expired decks are looked for, in seconds (hourly by default).
    public var expirySweepIntervalSeconds: Int64
    /// Bounds on request sizes.
    public var limits: ServiceLimits
    /// A folder to serve the web app from instead of the copy built into the server (for development).
    public var webRoot: String?
    /// How often a quiet events stream gets a comment line (15 s by default).
    public var eventHeartbeatInterval: Duration = .seconds(15)
    /// The most events waiting for one events subscriber; one that falls further behind is
    /// disconnected and resumes with `Last-Event-ID` (1,024 by default).
    public var eventSubscriberCapacity = 1_024
    /// How long an events request waits, right after the server starts, for the store to tell the
    /// server about commits (a PostgreSQL `LISTEN` being set up); longer, it is answered 503 and
    /// the client retries (10 s by default).
    public var eventSetUpTimeout: Duration = .seconds(10)
    /// How long a live table's player stays online after their last event stream closed, so that
    /// a reload is not a departure (10 s by default; zero: offline at once).
    public var presenceGrace: Duration = .seconds(10)
    /// How long a server's presence leases last without renewal (20 s by default): when a server
    /// that streamed a table's players crashes, other servers on its database (or its own next
    /// run) record its players offline this long after its last renewal. It renews every quarter
    /// of this time.
    public var presenceLease: Duration = .seconds(20)
    /// The most bytes of missed events a stream resumed with `Last-Event-ID` is sent (256 KiB by
    /// default); when they come to more, it gets one `resync` (the deck as it is now) instead.
    /// Values below 0 count as 0.
    public var eventResumeBudgetBytes = Self.defaultEventResumeBudgetBytes

    /// The proxies whose `Forwarded` and `X-Forwarded-For` headers say who the client is, as
    /// networks (`10.0.0.0/8`, `::1`, `fd00::/8`); none by default, so that no client can pick its
    /// own address. Every per-client cap counts by that client. Entries that are not networks are
    /// ignored (`riffle serve --trusted-proxy` refuses them).
    public var trustedProxies: [String] = []

    /// Whether `text` is a network ``trustedProxies`` takes: an IPv4 or IPv6 address, with an
    /// optional prefix length (`10.0.0.0/8`, `::1`, `fd00::/8`).
    ///
    /// - Parameter text: a network.
    /// - Returns: `true` when it is one.
    public static func isNetwork(_ text: String) -> Bool { IPNetwork(text) != nil }

    /// The default of ``eventResumeBudgetBytes``: 256 KiB.
    public static let defaultEventResumeBudgetBytes = 256 * 1024

    /// Creates a configuration; every parameter has the documented default.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicURL: String? = nil,
        deckLifetimeSeconds: Int64 = 14 * 24 * 3600, expirySweepIntervalSeconds: Int64 = 3600,
        limits: ServiceLimits = ServiceLimits(), webRoot: String? = nil
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.deckLifetimeSeconds = deckLifetimeSeconds
        self.expirySweepIntervalSeconds = expirySweepIntervalSeconds
        self.limits = limits
        self.webRoot = webRoot
    }

    /// The URL the server can be reached at when listening on `port`.
    public func listeningURL(port: Int) -> String {
        let reachableHost = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        let bracketed = reachableHost.contains(":") ? "[" + reachableHost + "]" : reachableHost
        return "http://" + bracketed + ":" + String(port)
    }
}
