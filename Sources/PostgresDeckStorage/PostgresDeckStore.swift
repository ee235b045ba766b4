import DeckStorage
import Logging
import NIOCore
import PlayingCards
import PostgresNIO

/// The shared deck store: decks in a PostgreSQL table, through PostgresNIO's connection pool, so
/// that several `riffle serve` processes can serve the same decks.
///
/// A change of a deck first runs optimistically: read the row and its version, run the change,
/// and write it back with `UPDATE … WHERE version = <read version>`, one autocommitted prepared
/// statement. If another process or connection changed the deck in between, that write matches no
/// row, and the change runs again inside a transaction that holds the row locked
/// (`SELECT … FOR UPDATE`). Either way a write only ever lands on the state it was computed from,
/// so no card can be dealt twice and no pile update lost, across any number of processes. A change
/// is acknowledged only after PostgreSQL has committed it.
///
/// ```swift
/// let store = try await PostgresDeckStore.connect(url: "postgres://riffle@127.0.0.1:5432/riffle")
/// let app = RiffleServer.makeApplication(configuration: ServiceConfiguration(), store: store)
/// ```
public final class PostgresDeckStore: DeckStore {
    let client: PostgresClient
    private let runTask: Task<Void, Never>
    let logger: Logger
    let eventListener = PostgresEventListener()

    private init(client: PostgresClient, runTask: Task<Void, Never>, logger: Logger) {
        self.client = client
        self.runTask = runTask
        self.logger = logger
    }

    deinit { runTask.cancel() }

    /// Connects to a database, creating and migrating its tables if needed.
    ///
    /// The store runs its connection pool in a task it owns until ``close()`` (or until it is released).
    ///
    /// - Parameters:
    ///   - url: a `postgres://user[:password]@host[:port]/database` URL (see ``PostgresConnectionURL``).
    ///   - logger: where the pool's background messages go.
    /// - Returns: a store whose schema is current.
    /// - Throws: `StorageError` when the URL is malformed or the database cannot be reached or migrated.
    public static func connect(
        url: String, logger: Logger = Logger(label: "riffle.postgres")
    ) async throws
        -> PostgresDeckStore
    {
        let parsed = try PostgresConnectionURL(url)
        let client = PostgresClient(configuration: parsed.configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        let store = PostgresDeckStore(client: client, runTask: runTask, logger: logger)
        do {
            if let schema = parsed.schema {
                // The name is checked to be [a-z_][a-z0-9_]*, so it is safe to splice in.
                try await client.query(
                    PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS " + schema), logger: logger)
            }
            let applied = try await PostgresMigrations.migrate(client, logger: logger)
            if !applied.isEmpty { logger.info("applied PostgreSQL migrations \(applied)") }
        } catch {
            runTask.cancel()
            throw StorageError.openFailed(Self.describe(error))
        }
        return store
    }

    /// Closes the connection pool; the store cannot be used afterwards.
    public func close() async {
        await eventListener.stop()
        runTask.cancel()
        await runTask.value
    }

    public func insert(_ deck: DeckState, now: Int64) async throws -> String {
        let state = ByteBuffer(bytes: deck.serialized())
        for _ in 0..<8 {
            let id = DeckID.random()
            let inserted = try await storage(write: true) {
                try await client.execute(PostgresStatements.InsertDeck(id: id, state: state, now: now), logger: logger)
                    .drainedFirst() != nil
            }
            if inserted { return id }
        }
        throw StorageError.idExhausted
    }

    public func deck(withID id: String) async throws -> DeckState? {
        let row = try await storage(write: false) {
            try await client.execute(PostgresStatements.SelectDeck(id: id), logger: logger).drainedFirst()
        }
        return try row.map { try Self.decode($0.0, id: id) }
    }

    public func update<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result? {
        // Optimistic attempt: two single-statement round trips, no transaction held open.
        let read = try await storage(write: false) {
            try await client.execute(PostgresStatements.SelectDeck(id: id), logger: logger).drainedFirst()
        }
        guard let read else { return nil }
        let (bytes, version) = read
        let before = try Self.decode(bytes, id: id)
        var deck = before
        let result = try change(&deck)
        if deck == before { return result }
        let state = ByteBuffer(bytes: deck.serialized())
        let written = try await storage(write: true) {
            try await client.execute(
                PostgresStatements.UpdateDeckIfUnchanged(id: id, state: state, now: now, expectedVersion: version),
                logger: logger
            ).drainedFirst() != nil
        }
        if written { return result }
        // Someone changed the deck in between: redo the change with the row locked.
        return try await updateLocked(deckID: id, now: now, change)
    }

    /// A change inside `BEGIN … SELECT … FOR UPDATE … UPDATE … COMMIT`, so it cannot lose a race.
    ///
    /// The transaction is PostgresNIO's `withTransaction`: when a statement fails it rolls back
    /// before the connection goes back to the pool, so no connection is ever lent out mid-transaction.
    private func updateLocked<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result? {
        let logger = logger
        let outcome: LockedOutcome<Result> = try await storage(write: true) {
            try await client.withTransaction(logger: logger) { connection in
                try await Self.changeLockedRow(id: id, now: now, change, connection: connection, logger: logger)
            }
        }
        switch outcome {
        case .missing: return nil
        case .done(let result): return result
        case .changeFailed(let error): throw error
        }
    }

    /// What happened inside the locked transaction; a failed change is carried out of the storage
    /// error mapping so the caller's own error reaches it unchanged.
    private enum LockedOutcome<Result: Sendable>: Sendable {
        case missing
        case done(Result)
        case changeFailed(any Error)
    }

    private static func changeLockedRow<Result: Sendable>(
        id: String, now: Int64, _ change: @Sendable (inout DeckState) throws -> Result,
        connection: PostgresConnection, logger: Logger
    ) async throws -> LockedOutcome<Result> {
        let rows = try await connection.execute(PostgresStatements.SelectDeckForUpdate(id: id), logger: logger)
        guard let row = try await rows.drainedFirst() else { return .missing }
        let (bytes, version) = row
        let before = try decode(bytes, id: id)
        var deck = before
        let result: Result
        do {
            result = try change(&deck)
        } catch {
            return .changeFailed(error)
        }
        if deck == before { return .done(result) }
        let update = PostgresStatements.UpdateDeckIfUnchanged(
            id: id, state: ByteBuffer(bytes: deck.serialized()), now: now, expectedVersion: version)
        guard try await connection.execute(update, logger: logger).drainedFirst() != nil else {
            throw StorageError.writeFailed("deck \(id) changed while its row was locked")
        }
        return .done(result)
    }

    public func deleteDecks(unchangedBefore cutoff: Int64) async throws -> Int {
        try await storage(write: true) {
            var deleted = 0
            for try await _ in try await client.execute(
                PostgresStatements.DeleteExpired(cutoff: cutoff), logger: logger)
            {
                deleted += 1
            }
            return deleted
        }
    }

    public func deckCount() async throws -> Int {
        try await storage(write: false) {
            Int(try await client.execute(PostgresStatements.CountDecks(), logger: logger).drainedFirst() ?? 0)
        }
    }

    public func checkHealth() async throws {
        try await storage(write: false) {
            _ = try await client.query("SELECT 1", logger: logger).collect()
        }
    }

    /// Runs database work, turning its failures into `StorageError` (whose text is for logs only).
    func storage<T>(write: Bool, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as StorageError {
            throw error
        } catch {
            // withTransaction wraps what the transaction's body threw.
            if let storageError = (error as? PostgresTransactionError)?.closureError as? StorageError {
                throw storageError
            }
            let detail = Self.describe(error)
            throw write ? StorageError.writeFailed(detail) : StorageError.readFailed(detail)
        }
    }

    private static func describe(_ error: any Error) -> String {
        // PSQLError's plain description is redacted on purpose; the reflection holds the server's message.
        String(reflecting: error)
    }

    static func decode(_ bytes: ByteBuffer, id: String) throws -> DeckState {
        do {
            return try DeckState(serialized: bytes.readableBytesView)
        } catch {
            throw StorageError.corruptDeck(id, error.reason)
        }
    }
}
