/// How the client retries a request after a transient network failure.
///
/// Only requests that are safe to repeat are ever retried: reading a deck
/// (``DeckOfCardsClient/deckInfo(deckID:)``), listing a pile, listing drawn cards, and image
/// downloads. A draw, a new deck, a pile add, a return or a shuffle is sent once: when its
/// connection fails the server may already have done it, and doing it twice would deal cards
/// twice or lose a shuffle. Those failures are thrown to the caller, who knows whether to try again.
///
/// Transient failures are timeouts, refused or reset connections, DNS failures, and the gateway
/// statuses `502`, `503` and `504`. The wait before retry *n* (1-based) is
/// `initialBackoff × multiplier^(n-1)`, capped at ``maximumBackoff``.
///
/// ```swift
/// let policy = RetryPolicy(maximumAttempts: 4, initialBackoff: .milliseconds(100))
/// policy.backoff(beforeRetry: 3)    // 400 ms
/// ```
public struct RetryPolicy: Hashable, Sendable {
    /// How many times a safe request is tried in all, at least 1.
    public var maximumAttempts: Int
    /// The wait before the first retry.
    public var initialBackoff: Duration
    /// The factor each further wait grows by, at least 1.
    public var multiplier: Double
    /// The longest wait between two attempts.
    public var maximumBackoff: Duration

    /// Creates a policy; values are clamped to their documented ranges.
    ///
    /// - Parameters:
    ///   - maximumAttempts: tries in all, clamped to 1 or more.
    ///   - initialBackoff: the first wait, clamped to zero or more.
    ///   - multiplier: the growth factor, clamped to 1 or more.
    ///   - maximumBackoff: the cap on any wait, clamped to at least `initialBackoff`.
    public init(
        maximumAttempts: Int = 3, initialBackoff: Duration = .milliseconds(200), multiplier: Double = 2,
        maximumBackoff: Duration = .seconds(5)
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = max(.zero, initialBackoff)
        self.multiplier = max(1, multiplier)
        self.maximumBackoff = max(self.initialBackoff, maximumBackoff)
    }

    /// Three attempts, waiting 200 ms then 400 ms.
    public static let `default` = RetryPolicy()

    /// One attempt: never retry.
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// The wait before a retry.
    ///
    /// - Parameter retry: which retry, 1 for the first (the second attempt).
    /// - Returns: `initialBackoff × multiplier^(retry-1)`, at most ``maximumBackoff``.
    public func backoff(beforeRetry retry: Int) -> Duration {
        var wait = initialBackoff
        var step = 1
        while step < retry, wait < maximumBackoff {
            wait = wait * multiplier
            step += 1
        }
        return min(wait, maximumBackoff)
    }
}
