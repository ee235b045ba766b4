import DeckStorage
import GRDB

/// The `presence_lease` table: which server holds players' streams at which deck, and until when
/// (see `PresenceLease`). Several servers share one SQLite file only with `--sqlite-access
/// shared`; the table is there either way, so that a server that restarts after a crash lets go
/// of the players its earlier run held.
///
/// Server numbers are `UInt64`s, stored as the `INTEGER` with the same bits.
enum SQLitePresenceLeases {
    static func registerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8: presence leases") { db in
            try db.execute(
                sql: """
                    CREATE TABLE presence_lease (
                        server_id INTEGER NOT NULL,
                        deck_id TEXT NOT NULL,
                        expires_at INTEGER NOT NULL,
                        PRIMARY KEY (server_id, deck_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX presence_lease_by_expiry ON presence_lease (expires_at);
                    """)
        }
    }
}

extension SQLiteDeckStore {
    public func holdPresenceLease(server: UInt64, deckID id: String, until expiry: Int64) async throws {
        try await writes.perform { batch in
            try batch.db.execute(
                sql: """
                    INSERT INTO presence_lease (server_id, deck_id, expires_at) VALUES (?, ?, ?)
                    ON CONFLICT (server_id, deck_id) DO UPDATE SET expires_at = excluded.expires_at
                    """,
                arguments: [Int64(bitPattern: server), id, expiry])
        }
    }

    public func releasePresenceLease(server: UInt64, deckID id: String) async throws {
        try await writes.perform { batch in
            try batch.db.execute(
                sql: "DELETE FROM presence_lease WHERE server_id = ? AND deck_id = ?",
                arguments: [Int64(bitPattern: server), id])
        }
    }

    public func renewPresenceLeases(server: UInt64, until expiry: Int64) async throws -> Int {
        try await writes.perform { batch in
            try batch.db.execute(
                sql: "UPDATE presence_lease SET expires_at = ? WHERE server_id = ?",
                arguments: [expiry, Int64(bitPattern: server)])
            return batch.db.changesCount
        }
    }

    public func takeExpiredPresenceLeases(before now: Int64) async throws -> [PresenceLease] {
        try await writes.perform { batch in
            try Row.fetchAll(
                batch.db, sql: "DELETE FROM presence_lease WHERE expires_at < ? RETURNING server_id, deck_id",
                arguments: [now]
            ).map { row in PresenceLease(server: UInt64(bitPattern: row[0]), deckID: row[1]) }
        }
    }
}
