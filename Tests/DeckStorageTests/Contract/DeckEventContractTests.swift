import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Synchronization
import Testing

/// Event storage, the same on every backend: an event is stored with its change or not at all,
/// read back in order, trimmed only beyond the retained count, told to observers after commit,
/// and deleted with its deck.
@Suite struct DeckEventContractTests {
    private func liveDeck() throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(deckCount: 20), shuffled: false)
        deck.becomeLiveTable()
        return deck
    }

    /// Draws `count` cards and records event number `next change number` with `payload`.
    private func draw(
        _ store: any DeckStore, _ id: String, count: Int = 1, payload: [UInt8] = [1, 2, 3]
    ) async throws -> Int64? {
        try await store.updateRecordingEvent(deckID: id, now: 1) { deck in
            _ = try deck.draw(count: count)
            let number = deck.countChange()
            return (number, StoredDeckEvent(deckID: id, number: number, payload: payload))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func eventsAreStoredWithTheirChangeAndReadInOrder(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let id = try await store.insert(try liveDeck(), now: 0)
        for round in 1...5 {
            #expect(try await draw(store, id, payload: [UInt8(round), 0, 255]) == Int64(round))
        }
        let events = try await store.events(deckID: id, after: 0, limit: 100)
        #expect(events.map(\.number) == [1, 2, 3, 4, 5])
        #expect(events.map(\.payload) == (1...5).map { [UInt8($0), 0, 255] })
        #expect(events.allSatisfy { $0.deckID == id })
        #expect(try await store.events(deckID: id, after: 3, limit: 100).map(\.number) == [4, 5])
        #expect(try await store.events(deckID: id, after: 1, limit: 2).map(\.number) == [2, 3])
        #expect(try await store.events(deckID: "aaaaaaaaaaaa", after: 0, limit: 10).isEmpty)
        let deck = try #require(try await store.deck(withID: id))
        #expect(deck.changeNumber == 5)
        #expect(deck.remaining == 1035)
    }

    @Test(arguments: StoreBackend.allCases)
    func aFailedOrEmptyChangeStoresNoEvent(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let id = try await store.insert(try liveDeck(), now: 0)
        await #expect(throws: DeckError.self) {
            _ = try await store.updateRecordingEvent(deckID: id, now: 1) { deck -> (Int, StoredDeckEvent?) in
                _ = try deck.draw(count: 1)
                _ = try deck.drawFromPile(named: "missing")
                return (0, StoredDeckEvent(deckID: id, number: 1, payload: [9]))
            }
        }
        let unchanged = try await store.updateRecordingEvent(deckID: id, now: 1) { _ in
            (7, StoredDeckEvent(deckID: id, number: 1, payload: [9]))
        }
        #expect(unchanged == 7)
        #expect(try await store.events(deckID: id, after: 0, limit: 10).isEmpty)
        #expect(try await store.deck(withID: id)?.remaining == 1040)
        #expect(try await store.updateRecordingEvent(deckID: "aaaaaaaaaaaa", now: 1) { _ in (1, nil) } == nil)
    }

    @Test(arguments: StoreBackend.allCases)
    func atLeastTheLatestThousandEventsAreKept(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let id = try await store.insert(try liveDeck(), now: 0)
        for _ in 0..<1_030 { _ = try await draw(store, id) }
        var numbers: [Int64] = []
        var after: Int64 = 0
        while true {
            let page = try await store.events(deckID: id, after: after, limit: 256)
            guard let last = page.last else { break }
            numbers += page.map(\.number)
            after = last.number
        }
        #expect(numbers.last == 1_030)
        #expect(numbers.count >= 1_000)
        #expect(numbers == Array((numbers.first ?? 0)...1_030))
    }

    @Test(arguments: StoreBackend.allCases)
    func observersHearOfCommittedEvents(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let id = try await store.insert(try liveDeck(), now: 0)
        let (heard, continuation) = AsyncStream.makeStream(of: Int64.self)
        try await store.observeEvents { deckID, number in
            if deckID == id { continuation.yield(number) }
        }
        // observeEvents returns once the observer is listening, so this change is heard.
        var iterator = heard.makeAsyncIterator()
        _ = try await draw(store, id)
        _ = try await draw(store, id)
        #expect(await iterator.next() != nil)
        var latest: Int64 = 0
        while latest < 2, let number = await iterator.next() { latest = number }
        #expect(latest == 2)
    }

    @Test(arguments: StoreBackend.allCases)
    func eventsGoWithTheirDeck(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let id = try await store.insert(try liveDeck(), now: 0)
        _ = try await draw(store, id)
        #expect(try await store.deleteDecks(unchangedBefore: 1_000) == 1)
        #expect(try await store.events(deckID: id, after: 0, limit: 10).isEmpty)
    }
}
