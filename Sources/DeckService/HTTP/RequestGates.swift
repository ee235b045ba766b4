import DeckStorage
import Synchronization

/// The shared, locked home of the ``RateLimiter`` for one server, reading the monotonic clock.
final class RateLimitGate: Sendable {
    private let limiter: Mutex<RateLimiter>
    private let origin = ContinuousClock.now

    init(configuration: RateLimiter.Configuration) {
        limiter = Mutex(RateLimiter(configuration: configuration))
    }

    /// Decides on a request from `client` arriving now.
    func requestArrived(from client: String) -> RateLimiter.Decision {
        let elapsed = ContinuousClock.now - origin
        let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return limiter.withLock { $0.requestArrived(from: client, at: now) }
    }
}

/// The cap on stored decks: refuses new decks once the store holds `maximumDecks`.
///
/// Counting every deck on every creation would cost a table scan, so the count is read from the
/// store at most once a second and advanced locally by the decks this server creates. With several
/// servers on one database the cap can be overshot by what the others create within that second.
final class DeckCapacityGate: Sendable {
    let maximumDecks: Int
    private struct Cached {
        var count: Int
        var readAt: ContinuousClock.Instant
    }
    private let cached = Mutex<Cached?>(nil)
    private static let refreshInterval = Duration.seconds(1)

    init(maximumDecks: Int) {
        self.maximumDecks = maximumDecks
    }

    /// Whether one more deck may be created.
    func allowsNewDeck(store: any DeckStore) async throws -> Bool {
        let now = ContinuousClock.now
        let fresh = cached.withLock { cached -> Int? in
            guard let cached, now - cached.readAt < Self.refreshInterval else { return nil }
            return cached.count
        }
        if let fresh { return fresh < maximumDecks }
        let count = try await store.deckCount()
        cached.withLock { $0 = Cached(count: count, readAt: now) }
        return count < maximumDecks
    }

    /// Records that this server created a deck.
    func deckCreated() {
        cached.withLock { cached in cached?.count += 1 }
    }
}
