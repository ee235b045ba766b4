import DeckStorage
import PlayingCards
import Testing

@testable import PostgresDeckStorage

/// What goes into the next batch of the PostgreSQL write queue: the queued changes in the order
/// they came, at most ``PostgresWriteBatch/maximumChanges`` of them.
@Suite struct PostgresWriteQueueStateTests {
    private func change(_ deckID: String, at now: Int64) -> PostgresPendingChange {
        PostgresPendingChange(deckID: deckID, now: now, run: { _ in nil }, complete: { _ in })
    }

    private func keyed(_ deckID: String, at now: Int64, key: String) -> PostgresPendingChange {
        PostgresPendingChange(
            deckID: deckID, now: now, run: { _ in nil }, complete: { _ in },
            key: IdempotencyKey(key: key, fingerprint: [1]))
    }

    private func taken(_ batch: [PostgresPendingChange]) -> [String] {
        batch.map { "\($0.deckID)\($0.now)" }
    }

    @Test func aBatchTakesEveryQueuedChangeInOrder() {
        var state = PostgresWriteQueue.State()
        state.pending = [change("a", at: 1), change("b", at: 2), change("a", at: 3), change("c", at: 4)]
        #expect(taken(state.takeBatch()) == ["a1", "b2", "a3", "c4"])
        #expect(state.pending.isEmpty)
        #expect(state.latestBatchSize == 4)

        // Nothing queued: an empty batch, and the latest batch's size is kept.
        #expect(state.takeBatch().isEmpty)
        #expect(state.latestBatchSize == 4)

        state.pending.append(change("b", at: 5))
        #expect(taken(state.takeBatch()) == ["b5"])
        #expect(state.latestBatchSize == 1)
    }

    @Test func aBatchHoldsAtMostTheMaximumAndTheRestGoNextInOrder() {
        var state = PostgresWriteQueue.State()
        let limit = PostgresWriteBatch.maximumChanges
        state.pending = (0..<limit + 2).map { change($0 % 2 == 0 ? "a" : "b", at: Int64($0)) }
        let first = state.takeBatch()
        #expect(first.count == limit)
        #expect(first.map(\.now) == (0..<Int64(limit)).map { $0 })
        #expect(state.pending.map(\.now) == [Int64(limit), Int64(limit) + 1])
        #expect(state.latestBatchSize == limit)
        #expect(state.takeBatch().map(\.now) == [Int64(limit), Int64(limit) + 1])
        #expect(state.pending.isEmpty)
        #expect(state.latestBatchSize == 2)
    }

    /// A resent request (the same key on the same deck) waits for the next batch, which finds its
    /// first sending's key committed; keys of other decks, other keys and keyless changes go on.
    @Test func aChangeWhoseKeyIsAlreadyInTheBatchWaitsForTheNext() {
        var state = PostgresWriteQueue.State()
        state.pending = [
            keyed("a", at: 1, key: "k"), change("b", at: 2), keyed("a", at: 3, key: "k"), keyed("b", at: 4, key: "k"),
            keyed("a", at: 5, key: "j"), change("a", at: 6), keyed("a", at: 7, key: "k"),
        ]
        #expect(taken(state.takeBatch()) == ["a1", "b2", "b4", "a5", "a6"])
        #expect(taken(state.pending) == ["a3", "a7"])
        #expect(state.latestBatchSize == 5)
        #expect(taken(state.takeBatch()) == ["a3"])
        #expect(taken(state.pending) == ["a7"])
        #expect(taken(state.takeBatch()) == ["a7"])
        #expect(state.pending.isEmpty)
    }
}
