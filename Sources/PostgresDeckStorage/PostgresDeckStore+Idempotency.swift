import DeckStorage
import Logging
import NIOCore
import PlayingCards
import PostgresNIO

extension PostgresDeckStore {
    public func updateOnce<Result: Sendable>(
        deckID id: String, now: Int64, key: IdempotencyKey,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?, RememberedAnswer)
    ) async throws -> IdempotentOutcome<Result>? {
        if let cap = try await capReached(deckID: id, key: key, now: now) { return .capReached(cap) }
        let outcome = PostgresChangeOutcome<(Result, RememberedAnswer)>()
        let completion = await writes.submit(
            deckID: id, now: now, key: key,
            answer: { try? outcome.latest().get().0.1 },
            run: { deck in
                outcome.run(
                    { deck in
                        let (result, event, answer) = try change(&deck)
                        return ((result, answer), event)
                    }, on: &deck)
            })
        if case .answeredBefore(let remembered) = completion { return remembered.outcome(for: key) }
        guard let ((result, _), event) = try outcome.answer(for: completion).get() else { return nil }
        if let event { await trimEvents(after: event) }
        return .performed(result)
    }

    public func insertOnce(
        _ deck: DeckState, now: Int64, key: IdempotencyKey,
        answer: @escaping @Sendable (_ id: String) -> RememberedAnswer
    ) async throws -> IdempotentOutcome<String> {
        if let remembered = try await rememberedNewDeck(key.key) { return remembered.outcome(for: key) }
        if let cap = try await capReached(deckID: "", key: key, now: now) { return .capReached(cap) }
        let state = ByteBuffer(bytes: try deck.serialized())
        for _ in 0..<8 {
            let id = DeckID.random()
            let statement = PostgresRememberedAnswers.InsertDeckRemembering(
                id: id, state: state, now: now, key: key, answer: answer(id))
            let inserted: Bool
            do {
                inserted = try await client.execute(statement, logger: logger).drainedFirst() != nil
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                // Another request with this key (on this server or another) inserted it meanwhile;
                // the statement failed as a whole, so this deck was not stored either.
                guard let remembered = try await rememberedNewDeck(key.key) else {
                    throw Self.storageError(error, write: true)
                }
                return remembered.outcome(for: key)
            } catch {
                throw Self.storageError(error, write: true)
            }
            if inserted {
                cache.store(deck, version: 0, forDeck: id)
                return .performed(id)
            }
        }
        throw StorageError.idExhausted
    }

    public func forgetAnswers(rememberedBefore cutoff: Int64) async throws -> Int {
        try await storage(write: true) {
            var forgotten = 0
            for try await _ in try await client.execute(
                PostgresRememberedAnswers.Forget(cutoff: cutoff), logger: logger)
            {
                forgotten += 1
            }
            return forgotten
        }
    }

    /// The cap a new key would pass (`deckID` empty: of a new deck); `nil` when it passes none or
    /// is remembered already.
    private func capReached(deckID: String, key: IdempotencyKey, now: Int64) async throws -> IdempotencyCap? {
        try await storage(write: false) {
            try await client.execute(
                PostgresRememberedAnswers.CountRecent(deckID: deckID, key: key, now: now), logger: logger
            )
            .drainedFirst()
            .flatMap(PostgresRememberedAnswers.CountRecent.cap(of:))
        }
    }

    private func rememberedNewDeck(_ key: String) async throws -> PostgresRememberedAnswers.Remembered? {
        try await storage(write: false) {
            try await client.execute(PostgresRememberedAnswers.SelectNewDeckRequest(key: key), logger: logger)
                .drainedFirst()
                .map {
                    PostgresRememberedAnswers.Remembered(
                        fingerprint: $0.0, status: $0.1, body: $0.2, changeNumber: $0.3)
                }
        }
    }
}
