import DeckStorage
import Foundation
import GRDB
import PlayingCards

/// The embedded deck store: one SQLite file in WAL mode (or an in-memory database), through GRDB.
///
/// Decks are rows of `(id, state, created_at, updated_at)`, the state in `DeckState`'s compact
/// one-byte-per-card form; `updated_at` is rewritten only when the stored time is a minute old
/// (see `RecordedChangeTimes`), so most changes write one page instead of two. All writes go through GRDB's single writer connection, so changes are
/// serialized (never "database is locked") while reads run concurrently on reader connections.
/// A change is acknowledged only after its transaction commits; in WAL mode a committed
/// transaction survives the process being killed (`synchronous=NORMAL`), and with
/// ``Durability/full`` it also survives a power loss, at about a third of the write throughput.
///
/// Writes are group-committed (see `SQLiteWriteQueue`): those that arrive while a transaction is
/// being written share the next one, which raises write throughput under concurrent load without
/// giving up either per-request atomicity or acknowledging only committed changes. WAL checkpoints
/// run in the background on a connection of their own (see `SQLiteCheckpointer`), so no write
/// waits for one.
///
/// One process owns a database file: the store takes an exclusive lock on `<file>.lock`, so a
/// second `riffle serve` on the same file fails to start instead of silently sharing it. (Several
/// servers over one database is what the PostgreSQL store is for.) Owning the file lets the store
/// answer reads of recently used decks from memory (see `DeckReadCache`). By default
/// (``Access/exclusive``) SQLite holds the file for this process alone, too, which spares every
/// write its file-lock system calls; ``Access/shared`` lets other processes read the file meanwhile.
public final class SQLiteDeckStore: DeckStore {
    /// How hard SQLite works to keep committed transactions through failures.
    public enum Durability: String, Sendable, CaseIterable {
        /// Commits survive the process crashing or being killed (`PRAGMA synchronous=NORMAL`).
        case normal
        /// Commits also survive the operating system crashing or losing power (`PRAGMA synchronous=FULL`).
        case full
    }

    /// Whether other processes may open the database file while the store has it open.
    public enum Access: String, Sendable, CaseIterable {
        /// The file is this process's alone: SQLite's `unix-excl` file system layer locks it once
        /// at opening and keeps the WAL index in memory, so a write makes no file-lock system
        /// calls (six fewer per commit; about 5 µs of a draw's 100 at one connection). Another
        /// process that opens the file (the `sqlite3` shell, a backup tool) gets "database is
        /// locked" until the store is closed. Used only where SQLite reads URI file names (built
        /// with `SQLITE_USE_URI`, as Debian's is); elsewhere the store opens ``shared``.
        case exclusive
        /// Other processes may read the file (and wait their turn to write) while the store is
        /// open; each write takes and releases SQLite's file locks.
        case shared
    }

    /// Where the database lives.
    public enum Location: Hashable, Sendable {
        /// A file on disk, created if missing.
        case file(String)
        /// A private in-memory database, gone when the store is.
        case inMemory
    }

    /// The writer's page cache, in KiB (`PRAGMA cache_size`): 32 MiB, room for the rows of tens of
    /// thousands of decks and the recent pages of their event log. Pages are taken as needed; a
    /// small database uses little of it.
    static let writerCacheKiB = 32_768

    let writer: any DatabaseWriter
    private let cache = DeckReadCache()
    let writes: SQLiteWriteQueue
    let eventObservers: DeckEventObservers
    /// The background checkpointer of a file store.
    let checkpointer: SQLiteCheckpointer?
    private let fileLock: FileLock?
    /// Whether other processes may open the file meanwhile: the access asked for, or
    /// ``Access/shared`` where SQLite cannot give ``Access/exclusive``. An in-memory store is
    /// always ``Access/exclusive``.
    public let access: Access

    /// Opens (creating and migrating if needed) a store.
    ///
    /// - Parameters:
    ///   - location: a file path or in-memory.
    ///   - durability: the `synchronous` level; ``Durability/normal`` by default.
    ///   - access: whether other processes may open the file meanwhile; ``Access/exclusive`` by default.
    /// - Throws: `StorageError` when the database cannot be opened or migrated.
    public init(location: Location, durability: Durability = .normal, access: Access = .exclusive) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "riffle"
        do {
            let checkpointer: SQLiteCheckpointer?
            switch location {
            case .file(let path):
                fileLock = try FileLock(path: path + ".lock")
                let opened = try SQLiteFileName(path: path, access: access)
                self.access = opened.access
                writer = try DatabasePool(path: opened.name, configuration: configuration)
                checkpointer = try SQLiteCheckpointer(path: opened.name)
            case .inMemory:
                self.access = .exclusive
                fileLock = nil
                writer = try DatabaseQueue(configuration: configuration)
                checkpointer = nil
            }
            self.checkpointer = checkpointer
            try SQLiteMigrations.migrator.migrate(writer)
            // Set after the pool has switched to WAL: GRDB resets it while opening (PERF-NOTES).
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = " + (durability == .full ? "FULL" : "NORMAL"))
                // The writer's page cache holds the hot pages of every deck and of the event log.
                // SQLite's default (2 MB) held 300 live tables' rows and event pages only in part:
                // each change of one then read a page back from the file (see writerCacheKiB).
                try db.execute(sql: "PRAGMA cache_size = -\(Self.writerCacheKiB)")
                if checkpointer != nil {
                    try db.execute(sql: "PRAGMA wal_autocheckpoint = \(SQLiteCheckpointer.writerSafetyNetPages)")
                }
            }
            let observers = DeckEventObservers()
            eventObservers = observers
            writes = SQLiteWriteQueue(
                writer: writer, cache: cache, onCommit: { checkpointer?.commitRecorded() },
                onEvents: { observers.committed($0) })
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.openFailed(String(describing: error))
        }
    }

    public func close() async throws {
        do {
            try checkpointer?.close()
            try writer.close()
            fileLock?.release()
        } catch {
            throw StorageError.writeFailed("closing the database: " + String(describing: error))
        }
    }

    /// The `synchronous` level in force on the writer connection, as SQLite reports it (1 NORMAL, 2 FULL).
    public func synchronousLevel() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// The writer's automatic checkpoint threshold in pages (`PRAGMA wal_autocheckpoint`).
    func writerAutocheckpointPages() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? -1 }
    }

    /// The journal mode in force, such as `wal`.
    public func journalMode() throws -> String {
        try writer.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    public func insert(_ deck: DeckState, now: Int64) async throws -> String {
        try await writes.perform { batch in try batch.insert(deck, now: now) }
    }

    public func deck(withID id: String) async throws -> DeckState? {
        if let cached = cache.deck(withID: id) { return cached }
        let rank = cache.rankForRead()
        let bytes: Data?
        do {
            bytes = try await writer.read { db in
                try Data.fetchOne(db.cachedStatement(sql: "SELECT state FROM deck WHERE id = ?"), arguments: [id])
            }
        } catch {
            throw StorageError.readFailed(String(describing: error))
        }
        guard let bytes else { return nil }
        let deck = try Self.decode(bytes, id: id)
        cache.store(deck, id: id, rank: rank)
        return deck
    }

    public func update<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result? {
        try await writes.perform { batch in try batch.update(deckID: id, now: now, change) }
    }

    public func deleteDecks(unchangedBefore cutoff: Int64) async throws -> Int {
        // Through the write queue, so that no batch works on a deck this deletes (see SQLiteWriteBatch).
        try await writes.perform { batch in try batch.deleteDecks(unchangedBefore: cutoff) }
    }

    public func deckCount() async throws -> Int {
        do {
            return try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM deck") ?? 0 }
        } catch {
            throw StorageError.readFailed(String(describing: error))
        }
    }

    public func checkHealth() async throws {
        do {
            _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        } catch {
            throw StorageError.readFailed(String(describing: error))
        }
    }

    /// Decodes a stored state, reporting a bad one as `StorageError`.
    static func decode(_ bytes: Data, id: String) throws -> DeckState {
        do {
            return try DeckState(serialized: bytes)
        } catch {
            throw StorageError.corruptDeck(id, error.reason)
        }
    }
}
