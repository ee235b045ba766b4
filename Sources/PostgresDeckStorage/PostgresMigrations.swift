import Logging
import PostgresNIO

/// The PostgreSQL schema, as versioned migrations recorded in `schema_migrations`. Never edit a
/// migration that has shipped: add one.
///
/// Several `riffle serve` processes may start at once on one database: each migrates inside a
/// transaction holding a transaction-level advisory lock on its schema, so exactly one of them
/// applies each step. Servers on different schemas take different locks and never wait for each
/// other (with one lock for every schema, a test run that started dozens of stores at once on a
/// busy machine left a server waiting past its start-up limit).
enum PostgresMigrations {
    struct Migration: Sendable {
        let version: Int32
        let name: String
        let statements: [String]
    }

    /// An arbitrary constant naming Riffle's migration locks; the lock's second key is the schema's
    /// hash (`hashtext`).
    static let advisoryLockKey: Int32 = 0x5249_4646

    static let all: [Migration] = [
        Migration(
            version: 1, name: "decks",
            statements: [
                """
                CREATE TABLE deck (
                    id TEXT PRIMARY KEY NOT NULL,
                    state BYTEA NOT NULL,
                    version BIGINT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                ) WITH (fillfactor = 80)
                """,
                "CREATE INDEX deck_by_updated_at ON deck (updated_at)",
            ]),
        PostgresEventLog.migration,
        PostgresRememberedAnswers.migration,
        PostgresEventLog.batchedNotifications,
        PostgresPresenceLeases.migration,
        PostgresRememberedAnswers.clientMigration,
    ]

    /// Creates the schema if needed and applies every migration it has not seen yet.
    ///
    /// - Parameters:
    ///   - client: the client whose connections run the migrations.
    ///   - logger: where the connections log.
    ///   - schema: the schema the connections' `search_path` names, if not the default one; its
    ///     name is checked to be `[a-z_][a-z0-9_]*` (see ``PostgresConnectionURL``).
    /// - Returns: the versions applied by this call.
    static func migrate(_ client: PostgresClient, schema: String?, logger: Logger) async throws -> [Int32] {
        // withTransaction rolls back before the connection returns to the pool when a step fails.
        try await client.withTransaction(logger: logger) { connection in
            let schemaName = schema ?? "public"
            _ = try await connection.query(
                "SELECT pg_advisory_xact_lock(\(advisoryLockKey), hashtext(\(schemaName)::text))", logger: logger
            ).collect()
            if let schema {
                // Under the lock: two `CREATE SCHEMA IF NOT EXISTS` at once can both find no schema,
                // and the second then fails on the first's.
                _ = try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS " + schema), logger: logger
                ).collect()
            }
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """, logger: logger
            ).collect()
            var applied: Set<Int32> = []
            for try await version in try await connection.query(
                "SELECT version FROM schema_migrations", logger: logger
            ).decode(Int32.self) {
                applied.insert(version)
            }
            var newlyApplied: [Int32] = []
            for migration in all where !applied.contains(migration.version) {
                for statement in migration.statements {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).collect()
                }
                _ = try await connection.query(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger
                ).collect()
                newlyApplied.append(migration.version)
            }
            return newlyApplied
        }
    }
}
