import Foundation

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

    /// Creates a policy; values are clamped to their documented ranges.
    ///
    /// - Parameters:
    ///   - maximumAttempts: tries in all, clamped to 1 or more.
    ///   - initialBackoff: the first wait in seconds, clamped to zero or more.
    ///   - multiplier: the growth factor, clamped to 1 or more.
    ///   - maximumBackoff: the cap on any wait in seconds, clamped to at least `initialBackoff`.
    public init(
        maximumAttempts: Int = 3, initialBackoff: TimeInterval = 0.2, multiplier: Double = 2,
        maximumBackoff: TimeInterval = 5
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = initialBackoff.isNaN ? 0 : max(0, initialBackoff)
        self.multiplier = multiplier.isNaN ? 1 : max(1, multiplier)
        self.maximumBackoff = maximumBackoff.isNaN ? self.initialBackoff : max(self.initialBackoff, maximumBackoff)
    }

    /// Three attempts, waiting 0.2 s then 0.4 s.
    public static let `default` = RetryPolicy()

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
