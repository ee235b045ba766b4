import DeckStorage
import PostgresNIO

/// The `presence_lease` table: which server holds players' streams at which deck, and until when
/// (see `PresenceLease`). Every server on the database renews its own rows and takes the rows
/// of servers that stopped renewing; `DELETE … RETURNING` hands each expired row to one taker.
///
/// Server numbers are `UInt64`s, stored as the `BIGINT` with the same bits.
enum PostgresPresenceLeases {
    static let migration = PostgresMigrations.Migration(
        version: 5, name: "presence leases",
        statements: [
            """
            CREATE TABLE presence_lease (
                server_id BIGINT NOT NULL,
                deck_id TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                PRIMARY KEY (server_id, deck_id)
            )
            """,
            "CREATE INDEX presence_lease_by_expiry ON presence_lease (expires_at)",
        ])
}

extension PostgresDeckStore {
    public func holdPresenceLease(server: UInt64, deckID id: String, until expiry: Int64) async throws {
        let serverID = Int64(bitPattern: server)
        try await storage(write: true) {
            _ = try await client.query(
                """
                INSERT INTO presence_lease (server_id, deck_id, expires_at) VALUES (\(serverID), \(id), \(expiry))
                ON CONFLICT (server_id, deck_id) DO UPDATE SET expires_at = EXCLUDED.expires_at
                """, logger: logger
            ).collect()
        }
    }

    public func releasePresenceLease(server: UInt64, deckID id: String) async throws {
        let serverID = Int64(bitPattern: server)
        try await storage(write: true) {
            _ = try await client.query(
                "DELETE FROM presence_lease WHERE server_id = \(serverID) AND deck_id = \(id)", logger: logger
            ).collect()
        }
    }

    public func renewPresenceLeases(server: UInt64, until expiry: Int64) async throws -> Int {
        let serverID = Int64(bitPattern: server)
        return try await storage(write: true) {
            var renewed = 0
            for try await _ in try await client.query(
                "UPDATE presence_lease SET expires_at = \(expiry) WHERE server_id = \(serverID) RETURNING 1",
                logger: logger)
            {
                renewed += 1
            }
            return renewed
        }
    }

    public func takeExpiredPresenceLeases(before now: Int64) async throws -> [PresenceLease] {
        try await storage(write: true) {
            var taken: [PresenceLease] = []
            for try await (serverID, deckID) in try await client.query(
                "DELETE FROM presence_lease WHERE expires_at < \(now) RETURNING server_id, deck_id", logger: logger
            ).decode((Int64, String).self) {
                taken.append(PresenceLease(server: UInt64(bitPattern: serverID), deckID: deckID))
            }
            return taken
        }
    }
}
