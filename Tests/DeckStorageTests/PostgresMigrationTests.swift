import DeckStorage
import Foundation
import RiffleTestSupport
import Testing

@testable import PostgresDeckStorage

/// Migrations run in one transaction per opening store: several stores starting at once on a new
/// database apply each migration exactly once, and a migration that fails leaves nothing behind.
@Suite struct PostgresMigrationTests {
    @Test func storesStartingAtOnceApplyEachMigrationOnce() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let schema = try Self.schema(of: database)
        let stores = try await withThrowingTaskGroup(of: (any DeckStore).self) { group in
            for _ in 0..<3 { group.addTask { try await StoreBackend.postgres.openStore(database) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let applied = try await runPSQL("SELECT count(*), count(DISTINCT version) FROM \(schema).schema_migrations")
        #expect(applied == "\(PostgresMigrations.all.count)|\(PostgresMigrations.all.count)")
        for store in stores { try await store.close() }
    }

    @Test func aFailedMigrationRollsBackEverythingItDid() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let schema = try Self.schema(of: database)
        // A table in the way of the first migration's `CREATE TABLE deck`.
        try await runPSQL("CREATE SCHEMA \(schema); CREATE TABLE \(schema).deck (other integer)")

        await #expect(throws: StorageError.self) { _ = try await StoreBackend.postgres.openStore(database) }
        let tables = try await runPSQL(
            "SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables"
                + " WHERE table_schema = '\(schema)'")
        #expect(tables == "deck", "schema_migrations and the event table were rolled back with the failed step")

        try await runPSQL("DROP TABLE \(schema).deck")
        let store = try await StoreBackend.postgres.openStore(database)
        #expect(try await store.deckCount() == 0)
        try await store.close()
    }

    private static func schema(of database: String) throws -> String {
        String(try #require(database.split(separator: "schema=").last?.split(separator: "&").first))
    }
}
