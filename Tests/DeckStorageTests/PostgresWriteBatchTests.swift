import DeckStorage
import PlayingCards
import RiffleTestSupport
import Testing

/// The PostgreSQL store's batched write path where it differs from the other stores: changes start
/// from a per-process cache of states that another process may have made stale.
@Suite struct PostgresWriteBatchTests {
    private func shoe() throws -> DeckState {
        DeckState(composition: try DeckComposition(deckCount: 2), shuffled: true)
    }

    /// Two stores take turns on one deck, so each change starts from a state the other store has
    /// made stale: every change must still land on the current state.
    @Test func changesAlternatingBetweenTwoStoresSeeEachOthersWrites() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let stores = [
            try await StoreBackend.postgres.openStore(database), try await StoreBackend.postgres.openStore(database),
        ]
        let id = try await stores[0].insert(try shoe(), now: 0)
        var dealt: [String] = []
        for turn in 0..<40 {
            let codes = try await stores[turn % 2].update(deckID: id, now: 1) { deck in
                (try deck.draw(count: 1).cards.map(\.code), deck.remaining)
            }
            let (cards, remaining) = try #require(codes)
            #expect(remaining == 104 - turn - 1, "turn \(turn) started from a stale state")
            dealt += cards
        }
        let deck = try #require(try await stores[1].deck(withID: id))
        #expect(deck.remaining == 64)
        expectDealtCardsAreHeldOnce(dealt, by: deck)
        for store in stores { try await store.close() }
    }

    /// A change that leaves the deck as it was still answers from the current state, not from a
    /// cached one another store has since changed.
    @Test func unchangingChangesAnswerFromTheCurrentState() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let first = try await StoreBackend.postgres.openStore(database)
        let second = try await StoreBackend.postgres.openStore(database)
        let id = try await first.insert(try shoe(), now: 0)
        #expect(try await first.update(deckID: id, now: 1) { $0.remaining } == 104)
        _ = try await second.update(deckID: id, now: 2) { deck in try deck.draw(count: 3) }
        #expect(try await first.update(deckID: id, now: 3) { $0.remaining } == 101)
        // A change that fails on the cached state (3 cards asked of a pile) is judged on the current one.
        _ = try await second.update(deckID: id, now: 4) { deck in
            let cards = try deck.draw(count: 3).cards
            return try deck.addToPile(named: "p", cards: cards)
        }
        let fromPile = try await first.update(deckID: id, now: 5) { deck in
            try deck.drawFromPile(named: "p", count: 3).count
        }
        #expect(fromPile == 3)
        try await first.close()
        try await second.close()
    }

    /// A deck deleted by another store is gone for this one too, whatever it had cached.
    @Test func decksDeletedElsewhereAreMissing() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let first = try await StoreBackend.postgres.openStore(database)
        let second = try await StoreBackend.postgres.openStore(database)
        let id = try await first.insert(try shoe(), now: 0)
        _ = try await first.update(deckID: id, now: 1) { deck in try deck.draw(count: 1) }
        #expect(try await second.deleteDecks(unchangedBefore: 10) == 1)
        #expect(try await first.update(deckID: id, now: 11) { deck in try deck.draw(count: 1) } == nil)
        #expect(try await first.update(deckID: id, now: 11) { $0.remaining } == nil)
        try await first.close()
        try await second.close()
    }

    /// Many concurrent changes of one deck, some failing: the failing ones write nothing of their own,
    /// the others all commit, in whatever batches they were grouped into.
    @Test func failingChangesInABatchLeaveTheOthersCommitted() async throws {
        let store = try await StoreBackend.postgres.makeStore()
        let id = try await store.insert(try shoe(), now: 0)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<48 {
                group.addTask {
                    do {
                        _ = try await store.update(deckID: id, now: 1) { deck in
                            _ = try deck.draw(count: 2)
                            if index % 4 == 0 { _ = try deck.drawFromPile(named: "missing", count: 1) }
                        }
                        return true
                    } catch {
                        return false
                    }
                }
            }
            var succeeded: [Bool] = []
            for await outcome in group { succeeded.append(outcome) }
            return succeeded
        }
        #expect(outcomes.filter { $0 }.count == 36)
        let deck = try #require(try await store.deck(withID: id))
        #expect(deck.remaining == 104 - 72)
        #expect(deck.isConsistent)
        try await store.close()
    }
}
