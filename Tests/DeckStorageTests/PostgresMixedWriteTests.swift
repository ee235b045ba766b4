import DeckStorage
import PlayingCards
import RiffleTestSupport
import Testing

/// The PostgreSQL store's two write paths on the same decks: batched plain changes (which start
/// from a per-process cache) and event-recording changes (their own compare-and-swap and locked
/// transaction), in one process and across two, with both processes' batches in flight at once.
@Suite struct PostgresMixedWriteTests {
    private func liveShoe() throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(deckCount: 2), shuffled: true)
        deck.becomeLiveTable()
        return deck
    }

    /// Draws one card and records its event; returns the cards' codes.
    private func drawRecordingEvent(_ store: any DeckStore, _ id: String) async throws -> [String] {
        let codes = try await store.updateRecordingEvent(deckID: id, now: 1) { deck -> ([String], StoredDeckEvent?) in
            let codes = try deck.draw(count: 1).cards.map(\.code)
            let number = deck.countChange()
            return (codes, StoredDeckEvent(deckID: id, number: number, payload: Array(codes.joined().utf8)))
        }
        return try #require(codes)
    }

    private func draw(_ store: any DeckStore, _ id: String) async throws -> [String] {
        try #require(try await store.update(deckID: id, now: 1) { deck in try deck.draw(count: 1).cards.map(\.code) })
    }

    /// A write by the event path, in this store or another, is seen by the next batched change of
    /// the same deck even though that batch's cache held the deck before it: nothing is lost.
    @Test func eventWritesAndBatchedWritesOfOneDeckTakeTurns() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let stores = [
            try await StoreBackend.postgres.openStore(database), try await StoreBackend.postgres.openStore(database),
        ]
        let id = try await stores[0].insert(try liveShoe(), now: 0)
        var dealt: [String] = []
        for turn in 0..<24 {
            // Both stores cache the deck from their own batched writes, then the event path moves it on.
            let store = stores[turn % 2]
            dealt += try await draw(store, id)
            dealt += try await drawRecordingEvent(stores[(turn / 2) % 2], id)
            let deck = try #require(try await store.deck(withID: id))
            #expect(deck.remaining == 104 - dealt.count, "turn \(turn) lost a write")
        }
        let events = try await stores[1].events(deckID: id, after: 0, limit: 100)
        #expect(events.map(\.number) == Array(1...24))
        let deck = try #require(try await stores[0].deck(withID: id))
        expectDealtCardsAreHeldOnce(dealt, by: deck)
        for store in stores { try await store.close() }
    }

    /// Two stores, many decks, concurrent plain and event-recording draws through both: every card
    /// is dealt once and every acknowledged draw is in the stored decks.
    @Test func concurrentDrawsOfTwoStoresOnManyDecksDealEachCardOnce() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let stores = [
            try await StoreBackend.postgres.openStore(database), try await StoreBackend.postgres.openStore(database),
        ]
        var ids: [String] = []
        for _ in 0..<6 { ids.append(try await stores[0].insert(try liveShoe(), now: 0)) }
        let deckIDs = ids
        let dealt = try await withThrowingTaskGroup(of: (String, [String]).self) { group in
            for client in 0..<96 {
                group.addTask {
                    let store = stores[client % 2]
                    let id = deckIDs[client % deckIDs.count]
                    var codes: [String] = []
                    for round in 0..<3 {
                        if round == client % 3 {
                            codes += try await drawRecordingEvent(store, id)
                        } else {
                            codes += try await draw(store, id)
                        }
                    }
                    return (id, codes)
                }
            }
            var dealt: [String: [String]] = [:]
            for try await (id, codes) in group { dealt[id, default: []] += codes }
            return dealt
        }
        for id in deckIDs {
            let cards = dealt[id] ?? []
            #expect(cards.count == 96 / deckIDs.count * 3)
            let deck = try #require(try await stores[1].deck(withID: id))
            #expect(deck.remaining == 104 - cards.count)
            expectDealtCardsAreHeldOnce(cards, by: deck)
            let events = try await stores[0].events(deckID: id, after: 0, limit: 100)
            #expect(events.map(\.number) == Array(1...Int64(96 / deckIDs.count)))
        }
        for store in stores { try await store.close() }
    }
}
