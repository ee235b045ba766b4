import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

/// The behaviour every ``DeckStore`` must have, run against every backend so they cannot drift.
@Suite struct DeckStoreContractTests {
    private func standardDeck(decks: Int = 1, shuffled: Bool = false) throws -> DeckState {
        DeckState(composition: try DeckComposition(deckCount: decks), shuffled: shuffled)
    }

    @Test(arguments: StoreBackend.allCases)
    func insertedDecksReadBackEqual(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let deck = DeckState(composition: try DeckComposition(deckCount: 20, jokersEnabled: true), shuffled: true)
        let id = try await store.insert(deck, now: 100)
        #expect(DeckID.isWellFormed(id))
        #expect(try await store.deck(withID: id) == deck)
        #expect(try await store.deckCount() == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func unknownIDsNameNoDeck(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        #expect(try await store.deck(withID: "aaaaaaaaaaaa") == nil)
        #expect(try await store.deck(withID: "not an id ' --") == nil)
        #expect(try await store.update(deckID: "aaaaaaaaaaaa", now: 1) { _ in 1 } == nil)
    }

    @Test(arguments: StoreBackend.allCases)
    func idsAreUnique(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let deck = try standardDeck()
        var ids: Set<String> = []
        for _ in 0..<200 { ids.insert(try await store.insert(deck, now: 0)) }
        #expect(ids.count == 200)
        #expect(try await store.deckCount() == 200)
    }

    @Test(arguments: StoreBackend.allCases)
    func updatesWriteTheChangeAndReturnItsResult(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let id = try await store.insert(try standardDeck(), now: 0)
        let drawn = try await store.update(deckID: id, now: 1) { deck in try deck.draw(count: 3).cards.map(\.code) }
        #expect(drawn == ["AS", "2S", "3S"])
        let deck = try #require(try await store.deck(withID: id))
        #expect(deck.remaining == 49)
        #expect(deck.drawn.map(\.code) == ["AS", "2S", "3S"])
        #expect(deck.isConsistent)
    }

    @Test(arguments: StoreBackend.allCases)
    func failedChangesWriteNothingAndRethrow(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let id = try await store.insert(try standardDeck(), now: 0)
        await #expect(throws: DeckError.self) {
            _ = try await store.update(deckID: id, now: 1) { deck in
                _ = try deck.draw(count: 3)
                return try deck.drawFromPile(named: "missing", count: 1)
            }
        }
        #expect(try await store.deck(withID: id)?.remaining == 52)
    }

    @Test(arguments: StoreBackend.allCases)
    func expiryDeletesOnlyDecksUnchangedForTheLifetime(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let deck = try standardDeck()
        let old = try await store.insert(deck, now: 1_000)
        let readOnly = try await store.insert(deck, now: 1_000)
        let unchangedByNoOp = try await store.insert(deck, now: 1_000)
        let recent = try await store.insert(deck, now: 1_000)
        _ = try await store.update(deckID: recent, now: 5_000) { deck in try deck.draw(count: 1) }
        _ = try await store.update(deckID: unchangedByNoOp, now: 5_000) { deck in deck.remaining }
        _ = try await store.deck(withID: readOnly)
        #expect(try await store.deleteDecks(unchangedBefore: 2_000) == 3)
        #expect(try await store.deck(withID: old) == nil)
        #expect(try await store.deck(withID: readOnly) == nil)
        #expect(try await store.deck(withID: unchangedByNoOp) == nil)
        #expect(try await store.deck(withID: recent) != nil)
        #expect(try await store.deckCount() == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func healthCheckPasses(_ backend: StoreBackend) async throws {
        try await backend.makeStore().checkHealth()
    }

    /// 64 concurrent one-card draws and 32 pile moves on one 20-deck shoe: nothing dealt twice, nothing lost.
    @Test(arguments: StoreBackend.allCases)
    func concurrentChangesOfOneDeckAreSerialized(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        try await checkConcurrentChanges(stores: [store])
    }

    /// The same across two stores on one database (two pools: what two server processes do).
    @Test(arguments: StoreBackend.shareable)
    func concurrentChangesThroughTwoStoresAreSerialized(_ backend: StoreBackend) async throws {
        let database = try backend.makeDatabase()
        let first = try await backend.openStore(database)
        let second = try await backend.openStore(database)
        try await checkConcurrentChanges(stores: [first, second])
    }

    @Test(arguments: StoreBackend.persistent)
    func decksSurviveReopening(_ backend: StoreBackend) async throws {
        let database = try backend.makeDatabase()
        let id: String
        do {
            let store = try await backend.openStore(database)
            id = try await store.insert(try standardDeck(), now: 100)
            _ = try await store.update(deckID: id, now: 200) { deck in try deck.draw(count: 5) }
        }
        let reopened = try await backend.openStore(database)
        #expect(try await reopened.deck(withID: id)?.remaining == 47)
        #expect(try await reopened.deckCount() == 1)
    }

    private func checkConcurrentChanges(stores: [any DeckStore]) async throws {
        let id = try await stores[0].insert(try standardDeck(decks: 20, shuffled: true), now: 0)
        let dealt = try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<96 {
                let store = stores[index % stores.count]
                group.addTask {
                    if index < 64 {
                        return try await store.update(deckID: id, now: 1) { deck in
                            try deck.draw(count: 1).cards.map(\.code)
                        } ?? []
                    }
                    let pile = "pile\(index % 8)"
                    return try await store.update(deckID: id, now: 1) { deck in
                        let cards = try deck.draw(count: 2).cards
                        _ = try deck.addToPile(named: pile, cards: cards)
                        return cards.map(\.code)
                    } ?? []
                }
            }
            var all: [String] = []
            for try await codes in group { all += codes }
            return all
        }
        #expect(dealt.count == 128)
        let deck = try #require(try await stores[0].deck(withID: id))
        #expect(deck.isConsistent)
        #expect(deck.remaining == 1040 - 128)
        #expect(deck.piles.reduce(0) { $0 + $1.remaining } == 64)
        expectDealtCardsAreHeldOnce(dealt, by: deck)
    }
}
