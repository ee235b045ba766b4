import DeckStorage
import Logging
import PlayingCards
import SQLiteDeckStorage
import Synchronization
import Testing

@testable import DeckService

@Suite struct DeckExpiryServiceTests {
    @Test func sweepsDeleteDecksUnchangedForTheLifetimeMeasuredFromTheClock() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let now = Mutex<Int64>(1_000_000)
        let service = DeckExpiryService(
            store: store, lifetimeSeconds: 14 * 86_400, sweepIntervalSeconds: 3_600,
            clock: { now.withLock { $0 } }, logger: Logger(label: "expiry-test"))
        let deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let stale = try await store.insert(deck, now: 1_000_000)
        let touched = try await store.insert(deck, now: 1_000_000)

        now.withLock { $0 += 13 * 86_400 }
        _ = try await store.update(deckID: touched, now: now.withLock { $0 }) { deck in try deck.draw(count: 1) }
        await service.sweep()
        #expect(try await store.deckCount() == 2)

        now.withLock { $0 += 2 * 86_400 }
        await service.sweep()
        #expect(try await store.deck(withID: stale) == nil)
        #expect(try await store.deck(withID: touched) != nil)
    }
}
