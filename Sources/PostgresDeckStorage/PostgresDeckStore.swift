import DeckStorage
import Logging
import NIOCore
import PlayingCards
import PostgresNIO

/// The shared deck store: decks in a PostgreSQL table, through PostgresNIO's connection pool, so
/// that several `riffle serve` processes can serve the same decks.
///
/// Changes are group-committed (see `PostgresWriteQueue` and `PostgresWriteBatch`): the changes a
/// process receives while a batch is being written go to the database together in the next one
/// (one batch at a time per process), each deck's changes run on its state in order, and the new
/// states are written back in one statement that only writes a row still at the version the
/// changes started from (a compare-and-swap), with the live-table events the changes recorded.
/// The states changes start from come from a per-process cache of the decks this process last
/// saw, so a batch of warm decks is one round trip; a deck another process changed meanwhile
/// comes back with its current state and its changes run again, and decks that keep losing that
/// race are changed inside a transaction that holds their rows locked. So no
/// card is dealt twice and no pile update lost, across any number of processes, and a change (and
/// its event) is acknowledged only after PostgreSQL committed it.
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
    let cache = PostgresDeckCache()
    let writes: PostgresWriteQueue

    private init(client: PostgresClient, runTask: Task<Void, Never>, logger: Logger) {
        self.client = client
        self.runTask = runTask
        self.logger = logger
        writes = PostgresWriteQueue(batches: PostgresWriteBatch(client: client, cache: cache, logger: logger))
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
        let runTask = startRunning(client)
        let store = PostgresDeckStore(client: client, runTask: runTask, logger: logger)
        do {
            let applied = try await PostgresMigrations.migrate(client, schema: parsed.schema, logger: logger)
            if !applied.isEmpty { logger.info("applied PostgreSQL migrations \(applied)") }
        } catch {
            runTask.cancel()
            throw StorageError.openFailed(Self.describe(error))
        }
        return store
    }

    /// Runs the client's pool in a task of its own, started so that the pool counts as running
    /// before this returns: `Task.immediate` enters `run()` at once, while PostgresNIO logs a
    /// warning for a query sent before `run()` has begun, which a plain `Task` may not have yet.
    private static func startRunning(_ client: PostgresClient) -> Task<Void, Never> {
        if #available(macOS 26, *) {
            return Task.immediate { await client.run() }
        }
        return Task { await client.run() }
    }

    /// Closes the connection pool; the store cannot be used afterwards.
    public func close() async {
        await eventListener.stop()
        runTask.cancel()
        await runTask.value
    }

    public func insert(_ deck: DeckState, now: Int64) async throws -> String {
        let state = ByteBuffer(bytes: try deck.serialized())
        for _ in 0..<8 {
            let id = DeckID.random()
            let inserted = try await storage(write: true) {
                try await client.execute(PostgresStatements.InsertDeck(id: id, state: state, now: now), logger: logger)
                    .drainedFirst() != nil
            }
            if inserted {
                cache.store(deck, version: 0, forDeck: id)
                return id
            }
        }
        throw StorageError.idExhausted
    }

    public func deck(withID id: String) async throws -> DeckState? {
        let row = try await storage(write: false) {
            try await client.execute(PostgresStatements.SelectDeck(id: id), logger: logger).drainedFirst()
        }
        guard let (bytes, version) = row else { return nil }
        let deck = try Self.decode(bytes, id: id)
        cache.store(deck, version: version, forDeck: id)
        return deck
    }

    public func update<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result? {
        try await writes.perform(deckID: id, now: now) { deck in (try change(&deck), nil) }?.0
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
        } catch {
            throw Self.storageError(error, write: write)
        }
    }

    /// A database failure as `StorageError`: as it is when it already is one (also when a
    /// transaction's body threw it), else a read or write failure carrying the driver's message.
    static func storageError(_ error: any Error, write: Bool) -> StorageError {
        if let storageError = error as? StorageError { return storageError }
        // withTransaction wraps what the transaction's body threw.
        if let storageError = (error as? PostgresTransactionError)?.closureError as? StorageError {
            return storageError
        }
        let detail = describe(error)
        return write ? StorageError.writeFailed(detail) : StorageError.readFailed(detail)
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
