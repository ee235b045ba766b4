import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@testable import PostgresDeckStorage

/// A statement that fails inside one of the PostgreSQL store's transactions leaves no connection in
/// a transaction: the connection is rolled back before the pool lends it again.
@Suite struct PostgresTransactionTests {
    @Test func aFailedStatementMidTransactionLeavesNoConnectionInATransaction() async throws {
        // The fewest connections a pool may have (two), so later operations run on the connection whose
        // transaction failed or on the one other.
        let database = try StoreBackend.postgres.makeDatabase().replacingOccurrences(
            of: "pool_size=8", with: "pool_size=2")
        let store = try await StoreBackend.postgres.openStore(database)
        let deck = DeckState(composition: try DeckComposition(deckCount: 1), shuffled: false)
        let id = try await store.insert(deck, now: 1)
        let schema = try #require(database.split(separator: "schema=").last?.split(separator: "&").first)

        // A trigger that makes each of the store's optimistic (autocommitted) writes miss (it skips the row),
        // which sends the change into its locked transaction, where the same UPDATE then fails. The
        // skipping calls record their connection's backend, so the check below looks at that one alone
        // (other tests share the cluster and may be inside transactions of their own).
        let optimisticWrites = PostgresWriteBatch.optimisticRounds
        try await runPSQL(
            """
            CREATE SEQUENCE \(schema).update_calls;
            CREATE SEQUENCE \(schema).failures;
            CREATE TABLE \(schema).update_backends (pid integer);
            CREATE FUNCTION \(schema).fail_locked_update() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF nextval('\(schema).update_calls') <= \(optimisticWrites) THEN
                    INSERT INTO \(schema).update_backends VALUES (pg_backend_pid());
                    RETURN NULL;
                END IF;
                PERFORM nextval('\(schema).failures');
                RAISE EXCEPTION 'injected failure inside a transaction';
            END $$;
            CREATE TRIGGER fail_locked_update BEFORE UPDATE ON \(schema).deck
                FOR EACH ROW EXECUTE FUNCTION \(schema).fail_locked_update();
            """)
        await #expect(throws: StorageError.self) {
            _ = try await store.update(deckID: id, now: 2) { deck in try deck.draw(count: 1) }
        }
        // Sequences ignore rollbacks: one failure was counted inside the locked transaction.
        #expect(try await runPSQL("SELECT nextval('\(schema).failures')") == "2", "the locked transaction ran")
        #expect(
            try await runPSQL("SELECT count(*) FROM \(schema).update_backends") == String(optimisticWrites),
            "the optimistic writes ran")

        let states = try await runPSQL(
            "SELECT string_agg(DISTINCT coalesce(state, 'gone'), ',') FROM \(schema).update_backends"
                + " LEFT JOIN pg_stat_activity USING (pid)")
        #expect(states == "idle", "the store's connection: \(states)")
        // The pool serves on: nothing was written, and a change works once the trigger is gone.
        #expect(try await store.deck(withID: id) == deck)
        try await runPSQL("DROP TRIGGER fail_locked_update ON \(schema).deck")
        let drawn = try await store.update(deckID: id, now: 3) { deck in try deck.draw(count: 1) }
        #expect(drawn?.cards.count == 1)
        #expect(try await store.deck(withID: id)?.remaining == 51)
        try await store.close()
    }
}
