/// A per-client token bucket: each client may send `burst` requests at once and then
/// `requestsPerSecond` on average.
///
/// A value-type state machine with time as an input, so it is tested with scripted times and no
/// sleeping: ``requestArrived(from:at:)`` is the one event, and its ``Decision`` is what the
/// server must do.
struct RateLimiter: Sendable {
    /// How fast tokens come back, and how many a client may hold.
    struct Configuration: Hashable, Sendable {
        /// Average requests allowed per second and client; clamped to at least 0.001.
        var requestsPerSecond: Double
        /// Requests a client may send at once after being idle; clamped to at least 1.
        var burst: Double

        init(requestsPerSecond: Double, burst: Double) {
            self.requestsPerSecond = max(requestsPerSecond, 0.001)
            self.burst = max(burst, 1)
        }
    }

    /// What to do with a request.
    enum Decision: Hashable, Sendable {
        /// Answer it.
        case allow
        /// Refuse it with 429; a token is back after this many whole seconds (at least 1).
        case reject(retryAfterSeconds: Int)
    }

    private struct Bucket: Hashable, Sendable {
        /// Tokens held at `updatedAt`.
        var tokens: Double
        /// Seconds on the caller's monotonic clock.
        var updatedAt: Double
    }

    let configuration: Configuration
    /// Buckets are dropped once full (an idle client is indistinguishable from a new one), which
    /// bounds memory to the clients active within the last `burst / requestsPerSecond` seconds.
    private var buckets: [String: Bucket] = [:]
    private let pruneThreshold: Int

    /// The number of clients currently tracked.
    var trackedClients: Int { buckets.count }

    init(configuration: Configuration, pruneThreshold: Int = 10_000) {
        self.configuration = configuration
        self.pruneThreshold = pruneThreshold
    }

    /// A request arrived from `client` at `now` (seconds on a monotonic clock).
    mutating func requestArrived(from client: String, at now: Double) -> Decision {
        var bucket = buckets[client] ?? Bucket(tokens: configuration.burst, updatedAt: now)
        bucket.tokens = refilled(bucket, at: now)
        bucket.updatedAt = max(bucket.updatedAt, now)
        let decision: Decision
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            decision = .allow
        } else {
            let wait = (1 - bucket.tokens) / configuration.requestsPerSecond
            decision = .reject(retryAfterSeconds: max(1, Int(wait.rounded(.up))))
        }
        buckets[client] = bucket
        if buckets.count > pruneThreshold { prune(at: now) }
        return decision
    }

    private func refilled(_ bucket: Bucket, at now: Double) -> Double {
        let elapsed = max(0, now - bucket.updatedAt)
        return min(configuration.burst, bucket.tokens + elapsed * configuration.requestsPerSecond)
    }

    private mutating func prune(at now: Double) {
        buckets = buckets.filter { refilled($0.value, at: now) < configuration.burst }
        // Still too many busy clients: forget all of them rather than grow without bound.
        if buckets.count > pruneThreshold { buckets.removeAll(keepingCapacity: true) }
    }
}
