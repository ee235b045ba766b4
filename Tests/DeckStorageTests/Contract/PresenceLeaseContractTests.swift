import DeckStorage
import Foundation
import RiffleTestSupport
import Testing

/// Presence leases, the same on every backend: held and renewed per server, deleted on release,
/// and each expired lease handed to exactly one taker.
@Suite struct PresenceLeaseContractTests {
    @Test(arguments: StoreBackend.allCases)
    func leasesAreHeldRenewedReleasedAndTakenOnceExpired(_ backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let high: UInt64 = 0xF000_0000_0000_0001  // past Int64.max: stored by its bits
        try await store.holdPresenceLease(server: high, deckID: "deck1", until: 1_000)
        try await store.holdPresenceLease(server: high, deckID: "deck2", until: 1_000)
        try await store.holdPresenceLease(server: 7, deckID: "deck1", until: 1_000)
        // Holding again renews, never adds a second lease.
        try await store.holdPresenceLease(server: 7, deckID: "deck1", until: 1_500)
        #expect(try await store.renewPresenceLeases(server: high, until: 2_000) == 2)
        #expect(try await store.renewPresenceLeases(server: 7, until: 1_500) == 1)
        #expect(try await store.renewPresenceLeases(server: 8, until: 2_000) == 0)

        // Expired before 1,600: only server 7's lease; taken once.
        #expect(try await store.takeExpiredPresenceLeases(before: 1_600) == [PresenceLease(server: 7, deckID: "deck1")])
        #expect(try await store.takeExpiredPresenceLeases(before: 1_600) == [])
        #expect(try await store.renewPresenceLeases(server: 7, until: 3_000) == 0)

        try await store.releasePresenceLease(server: high, deckID: "deck1")
        try await store.releasePresenceLease(server: high, deckID: "nowhere")
        #expect(try await store.renewPresenceLeases(server: high, until: 2_000) == 1)
        #expect(
            try await store.takeExpiredPresenceLeases(before: 2_001) == [PresenceLease(server: high, deckID: "deck2")])
    }

    /// Several servers taking expired leases at once: every lease goes to exactly one of them.
    @Test(arguments: [StoreBackend.sqliteFile, .postgres])
    func takersAtOnceShareTheExpiredLeasesWithoutOverlap(_ backend: StoreBackend) async throws {
        let database = try backend.makeDatabase()
        let first = try await backend.openStore(database)
        let stores = [first] + (backend == .postgres ? [try await backend.openStore(database)] : [first])
        for deck in 0..<200 {
            try await first.holdPresenceLease(server: UInt64(deck % 5 + 1), deckID: "deck\(deck)", until: 10)
        }
        let taken = try await withThrowingTaskGroup(of: [PresenceLease].self) { group in
            for taker in 0..<8 {
                let store = stores[taker % stores.count]
                group.addTask { try await store.takeExpiredPresenceLeases(before: 11) }
            }
            var all: [PresenceLease] = []
            for try await part in group { all += part }
            return all
        }
        #expect(taken.count == 200)
        #expect(Set(taken.map(\.deckID)).count == 200)
    }
}
