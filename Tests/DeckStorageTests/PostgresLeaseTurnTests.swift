import DeckStorage
import Logging
import PlayingCards
import PostgresNIO
import RiffleTestSupport
import Synchronization
import Testing

@testable import PostgresDeckStorage

/// One lease of a pool connection serves the PostgreSQL write queue's batches back to back, but only
/// for its turn: then the connection goes back to the pool, where other work may be waiting for it.
@Suite struct PostgresLeaseTurnTests {
    /// Batches keep coming (up to a thousand): the lease still ends after its turn, with every batch
    /// it ran committed and nothing taken from the queue that it did not run.
    @Test func aLeaseGoesBackAfterItsTurnWhileBatchesKeepComing() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let store = try await StoreBackend.postgres.openStore(database)
        let id = try await store.insert(
            DeckState(composition: try DeckComposition(deckCount: 20), shuffled: true), now: 0)
        let client = PostgresClient(configuration: try PostgresConnectionURL(database).configuration)
        let running = Task { await client.run() }
        var batches = PostgresWriteBatch(client: client, cache: PostgresDeckCache(), logger: Logger(label: "test"))
        batches.maximumLeaseTurn = .milliseconds(50)

        let committed = Mutex(0)
        let draw = PostgresPendingChange(
            deckID: id, now: 1,
            run: { deck in
                _ = try? deck.draw(count: 1)
                return nil
            },
            complete: { completion in
                if case .done = completion { committed.withLock { $0 += 1 } }
            })
        var handedOver = 0
        let ranDry = await batches.run([draw]) {
            guard handedOver < 1000 else { return [] }
            handedOver += 1
            return [draw]
        }

        #expect(!ranDry, "the lease ended with batches still coming")
        #expect(handedOver < 1000)
        #expect(committed.withLock { $0 } == handedOver + 1, "every batch the lease took was written")
        #expect(try await store.deck(withID: id)?.remaining == 1040 - handedOver - 1)
        running.cancel()
        try await store.close()
    }
}
