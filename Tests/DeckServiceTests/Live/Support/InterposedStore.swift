import DeckStorage
import PlayingCards
import Synchronization

/// A deck store that passes everything to another, except where a test makes it fail or wait: its
/// event reads fail while ``failsEventReads`` is set, and with ``observingNeverStarts`` it never
/// tells the server about commits (as a PostgreSQL store whose `LISTEN` cannot be set up).
final class InterposedStore: DeckStore {
    let base: any DeckStore
    let observingNeverStarts: Bool
    private let failing = Mutex(false)
    private let failedReads = Mutex(0)

    struct ReadFailure: Error, CustomStringConvertible {
        var description: String { "the events cannot be read (a test's failure)" }
    }

    init(base: any DeckStore, observingNeverStarts: Bool = false) {
        self.base = base
        self.observingNeverStarts = observingNeverStarts
    }

    /// While set, every read of events fails.
    var failsEventReads: Bool {
        get { failing.withLock { $0 } }
        set { failing.withLock { $0 = newValue } }
    }

    /// How many event reads have failed.
    var eventReadsFailed: Int { failedReads.withLock { $0 } }

    func events(deckID id: String, after number: Int64, limit: Int) async throws -> [StoredDeckEvent] {
        if failsEventReads {
            failedReads.withLock { $0 += 1 }
            throw ReadFailure()
        }
        return try await base.events(deckID: id, after: number, limit: limit)
    }

    func observeEvents(_ observer: @escaping DeckEventObserver) async throws {
        guard observingNeverStarts else { return try await base.observeEvents(observer) }
        // The scenario, not a wait for work: a LISTEN that never starts, which hangs until the server stops (its
        // task is cancelled).
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3_600)) }
    }

    func insert(_ deck: DeckState, now: Int64) async throws -> String { try await base.insert(deck, now: now) }
    func deck(withID id: String) async throws -> DeckState? { try await base.deck(withID: id) }
    func update<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result? { try await base.update(deckID: id, now: now, change) }
    func updateRecordingEvent<Result: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?)
    ) async throws -> Result? { try await base.updateRecordingEvent(deckID: id, now: now, change) }
    func updateOnce<Result: Sendable>(
        deckID id: String, now: Int64, key: IdempotencyKey,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?, RememberedAnswer)
    ) async throws -> IdempotentOutcome<Result>? { try await base.updateOnce(deckID: id, now: now, key: key, change) }
    func insertOnce(
        _ deck: DeckState, now: Int64, key: IdempotencyKey, answer: @escaping @Sendable (String) -> RememberedAnswer
    ) async throws -> IdempotentOutcome<String> { try await base.insertOnce(deck, now: now, key: key, answer: answer) }
    func forgetAnswers(rememberedBefore cutoff: Int64) async throws -> Int {
        try await base.forgetAnswers(rememberedBefore: cutoff)
    }
    func deleteDecks(unchangedBefore cutoff: Int64) async throws -> Int {
        try await base.deleteDecks(unchangedBefore: cutoff)
    }
    func holdPresenceLease(server: UInt64, deckID id: String, until expiry: Int64) async throws {
        try await base.holdPresenceLease(server: server, deckID: id, until: expiry)
    }
    func releasePresenceLease(server: UInt64, deckID id: String) async throws {
        try await base.releasePresenceLease(server: server, deckID: id)
    }
    func renewPresenceLeases(server: UInt64, until expiry: Int64) async throws -> Int {
        try await base.renewPresenceLeases(server: server, until: expiry)
    }
    func takeExpiredPresenceLeases(before now: Int64) async throws -> [PresenceLease] {
        try await base.takeExpiredPresenceLeases(before: now)
    }
    func deckCount() async throws -> Int { try await base.deckCount() }
    func checkHealth() async throws { try await base.checkHealth() }
    func close() async throws { try await base.close() }
}
