import DeckStorage
import PlayingCards
import Testing

@testable import PostgresDeckStorage

/// What goes into the next batch of the PostgreSQL write queue: queued changes in order, but none
/// of a deck that a running batch holds, so a deck is never in two running batches.
@Suite struct PostgresWriteQueueStateTests {
    private func change(_ deckID: String, at now: Int64) -> PostgresPendingChange {
        PostgresPendingChange(deckID: deckID, now: now, run: { _ in nil }, complete: { _ in })
    }

    private func taken(_ batch: [PostgresPendingChange]) -> [String] {
        batch.map { "\($0.deckID)\($0.now)" }
    }

    @Test func changesOfBusyDecksWaitForTheNextBatch() {
        var state = PostgresWriteQueue.State()
        state.pending = [change("a", at: 1), change("b", at: 2), change("a", at: 3), change("c", at: 4)]
        state.busyDecks = ["b"]
        #expect(taken(state.takeBatch()) == ["a1", "a3", "c4"])
        #expect(taken(state.pending) == ["b2"])
        #expect(state.busyDecks == ["a", "b", "c"])
        #expect(state.latestBatchSize == 3)

        // Nothing can start while b is still held.
        #expect(state.takeBatch().isEmpty)
        #expect(taken(state.pending) == ["b2"])
        #expect(state.latestBatchSize == 3)

        // Once its batch is done, b's change goes next, with later changes of the decks now free.
        state.busyDecks = []
        state.pending.append(change("a", at: 5))
        #expect(taken(state.takeBatch()) == ["b2", "a5"])
        #expect(state.pending.isEmpty)
        #expect(state.busyDecks == ["a", "b"])
        #expect(state.latestBatchSize == 2)
    }

    @Test func aBatchHoldsAtMostTheMaximumAndKeepsEachDecksOrder() {
        var state = PostgresWriteQueue.State()
        let limit = PostgresWriteBatch.maximumChanges
        state.pending = (0..<limit + 2).map { change($0 % 2 == 0 ? "a" : "b", at: Int64($0)) }
        let first = state.takeBatch()
        #expect(first.count == limit)
        #expect(first.map(\.now) == (0..<Int64(limit)).map { $0 })
        #expect(state.pending.map(\.now) == [Int64(limit), Int64(limit) + 1])
        // a and b are held by the first batch: their later changes wait for it.
        #expect(state.takeBatch().isEmpty)
        state.busyDecks = []
        #expect(state.takeBatch().map(\.now) == [Int64(limit), Int64(limit) + 1])
    }
}
