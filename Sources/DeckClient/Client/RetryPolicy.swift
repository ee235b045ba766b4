import Foundation

/// How the client retries a request after a transient network failure.
///
/// Reads (a deck's state, a pile's list, the drawn cards, images) are retried. A change (a draw, a
/// new deck, a pile add, a return, a shuffle, a join, a deal) is resent too when
/// ``resendsChanges`` is set (the default), always with the idempotency key of its first attempt
/// (see ``ChangeOptions``): a server that honours `Idempotency-Key` makes the change once however
/// many times it arrives, and answers a resend with the first answer. A
/// server that ignores the header (the public Deck of Cards API) would make a resent change
/// again: use ``readsOnly`` with such a server, and changes are sent once and their failures
/// thrown to the caller.
///
/// Transient failures are timeouts, refused or reset connections, DNS failures, and the gateway
/// statuses `502`, `503` and `504`. The wait before retry *n* (1-based) is
/// `initialBackoff × multiplier^(n-1)`, capped at ``maximumBackoff``.
///
/// ```swift
/// let policy = RetryPolicy(maximumAttempts: 4, initialBackoff: 0.1)
/// policy.backoff(beforeRetry: 3)    // 0.4 (seconds)
/// ```
public struct RetryPolicy: Hashable, Sendable {
    /// How many times a safe request is tried in all, at least 1.
    public var maximumAttempts: Int
    /// The wait before the first retry, in seconds.
    public var initialBackoff: TimeInterval
    /// The factor each further wait grows by, at least 1.
    public var multiplier: Double
    /// The longest wait between two attempts, in seconds.
    public var maximumBackoff: TimeInterval
    /// Whether changes are resent (with their idempotency key) after transient failures, as reads
    /// are; `false` sends each change once.
    public var resendsChanges: Bool

    /// Creates a policy; values are clamped to their documented ranges.
    ///
    /// - Parameters:
    ///   - maximumAttempts: tries in all, clamped to 1 or more.
    ///   - initialBackoff: the first wait in seconds, clamped to zero or more.
    ///   - multiplier: the growth factor, clamped to 1 or more.
    ///   - maximumBackoff: the cap on any wait in seconds, clamped to at least `initialBackoff`.
    ///   - resendsChanges: whether changes are resent with their idempotency key, as reads are.
    public init(
        maximumAttempts: Int = 3, initialBackoff: TimeInterval = 0.2, multiplier: Double = 2,
        maximumBackoff: TimeInterval = 5, resendsChanges: Bool = true
    ) {
        self.resendsChanges = resendsChanges
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = initialBackoff.isNaN ? 0 : max(0, initialBackoff)
        self.multiplier = multiplier.isNaN ? 1 : max(1, multiplier)
        self.maximumBackoff = maximumBackoff.isNaN ? self.initialBackoff : max(self.initialBackoff, maximumBackoff)
    }

    /// Three attempts, waiting 0.2 s then 0.4 s; changes too, with their idempotency key.
    public static let `default` = RetryPolicy()

    /// As ``default``, but changes are sent once: for servers that ignore `Idempotency-Key`.
    public static let readsOnly = RetryPolicy(resendsChanges: false)

    /// One attempt: never retry.
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// The wait before a retry.
    ///
    /// - Parameter retry: which retry, 1 for the first (the second attempt).
    /// - Returns: `initialBackoff × multiplier^(retry-1)` seconds, at most ``maximumBackoff``.
    public func backoff(beforeRetry retry: Int) -> TimeInterval {
        var wait = initialBackoff
        var step = 1
        while step < retry, wait < maximumBackoff {
            wait = wait * multiplier
            step += 1
        }
        return min(wait, maximumBackoff)
    }
}
