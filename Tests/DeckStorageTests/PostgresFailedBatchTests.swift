import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Synchronization
import Testing

@testable import PostgresDeckStorage

/// The PostgreSQL write queue after a batch fails: the changes queued behind it run next, on a
/// connection of their own, and commit.
///
/// Batches that follow each other back to back share one lease of a pool connection; a failed
/// batch ends that lease. These tests make the database hold one write until the next changes
/// have queued up behind it, then refuse the next, and check that nothing is left waiting or written
/// twice.
@Suite struct PostgresFailedBatchTests {
    private func shoe() throws -> DeckState {
        DeckState(composition: try DeckComposition(deckCount: 2), shuffled: true)
    }

    /// Three groups of draws of one deck, each queued while the previous one is being written: the
    /// first commits, the database refuses the second (one batch), the third commits after it.
    @Test func changesQueuedBehindAFailedBatchStillCommit() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let store = try #require(try await StoreBackend.postgres.openStore(database) as? PostgresDeckStore)
        let id = try await store.insert(try shoe(), now: 0)
        let schema = try #require(database.split(separator: "schema=").last?.split(separator: "&").first)
        // Each write of the deck's row counts itself. The first two each wait for their gate, which
        // the test opens once the next group is queued behind them; the second is then refused.
        try await runPSQL(
            """
            CREATE SEQUENCE \(schema).row_writes;
            CREATE TABLE \(schema).open_gates (number bigint PRIMARY KEY);
            CREATE FUNCTION \(schema).held_then_refused() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                write bigint := nextval('\(schema).row_writes');
            BEGIN
                IF write <= 2 THEN
                    WHILE NOT EXISTS (SELECT 1 FROM \(schema).open_gates g WHERE g.number = write) LOOP
                        PERFORM pg_sleep(0.01);
                    END LOOP;
                END IF;
                IF write = 2 THEN RAISE EXCEPTION 'injected failure of the second write'; END IF;
                RETURN NEW;
            END $$;
            CREATE TRIGGER held_then_refused BEFORE UPDATE ON \(schema).deck
                FOR EACH ROW EXECUTE FUNCTION \(schema).held_then_refused();
            """)
        let writesStarted: @Sendable () async throws -> String = {
            try await runPSQL("SELECT last_value FROM \(schema).row_writes")
        }
        let openGate: @Sendable (Int) async throws -> Void = { write in
            _ = try await runPSQL("INSERT INTO \(schema).open_gates VALUES (\(write))")
        }

        let finished = FinishedGroups()
        let first = Task { await draws(1, of: id, in: store, finished: finished) }
        try await waitUntil("the first write to start") { try await writesStarted() == "1" }
        let refused = Task { await draws(20, of: id, in: store, finished: finished) }
        try await waitUntil("the second group to queue") { store.writes.queuedChanges == 20 }
        try await openGate(1)
        try await waitUntil("the second write to start") { try await writesStarted() == "2" }
        let last = Task { await draws(20, of: id, in: store, finished: finished) }
        try await waitUntil("the third group to queue") { store.writes.queuedChanges == 20 }
        try await openGate(2)
        // A queue left waiting after the failure never answers: the bound fails the test instead of waiting forever.
        try await waitUntil("all 3 groups of draws to finish") { finished.count == 3 }

        let firstCards = try await first.value.map { try $0.get() }
        let refusedOutcomes = await refused.value
        let lastCards = try await last.value.map { try $0.get() }
        for outcome in refusedOutcomes {
            #expect(throws: StorageError.self) { try outcome.get() }
        }
        #expect(try await writesStarted() == "3", "the last group was written in one batch")
        let deck = try #require(try await store.deck(withID: id))
        #expect(deck.remaining == 104 - 21)
        expectDealtCardsAreHeldOnce(firstCards + lastCards, by: deck)
        await store.close()
    }

    /// `count` concurrent draws of one card each; each one's card code, or what it threw.
    private func draws(
        _ count: Int, of id: String, in store: any DeckStore, finished: FinishedGroups
    ) async -> [Result<String, any Error>] {
        defer { finished.add() }
        return await withTaskGroup(of: Result<String, any Error>.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do {
                        let codes = try await store.update(deckID: id, now: 1) { deck in
                            try deck.draw(count: 1).cards.map(\.code)
                        }
                        return .success(try #require(codes?.first))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var outcomes: [Result<String, any Error>] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
    }

    /// Counts the groups of draws that have finished.
    private final class FinishedGroups: Sendable {
        private let finished = Mutex(0)
        var count: Int { finished.withLock { $0 } }
        func add() { finished.withLock { $0 += 1 } }
    }
}
