import Foundation
import GRDB
import PlayingCards

/// The embedded deck store: one SQLite file in WAL mode (or an in-memory database), through GRDB.
///
/// Decks are rows of `(id, state, created_at, updated_at)`, the state in ``DeckState``'s compact
/// one-byte-per-card form. All writes go through GRDB's single writer connection, so changes are
/// serialized (never "database is locked") while reads run concurrently on reader connections.
/// A change is acknowledged only after its transaction commits; in WAL mode a committed
/// transaction survives the process being killed (`synchronous=NORMAL`), and with
/// ``Durability/full`` it also survives a power loss, at about a third of the write throughput.
public final class SQLiteDeckStore: DeckStore {
    /// How hard SQLite works to keep committed transactions through failures.
    public enum Durability: String, Sendable, CaseIterable {
        /// Commits survive the process crashing or being killed (`PRAGMA synchronous=NORMAL`).
        case normal
        /// Commits also survive the operating system crashing or losing power (`PRAGMA synchronous=FULL`).
        case full
    }

    /// Where the database lives.
    public enum Location: Hashable, Sendable {
        /// A file on disk, created if missing.
        case file(String)
        /// A private in-memory database, gone when the store is.
        case inMemory
    }

    private let writer: any DatabaseWriter

    /// Opens (creating and migrating if needed) a store.
    ///
    /// - Parameters:
    ///   - location: a file path or in-memory.
    ///   - durability: the `synchronous` level; ``Durability/normal`` by default.
    /// - Throws: ``StorageError`` when the database cannot be opened or migrated.
    public init(location: Location, durability: Durability = .normal) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "riffle"
        do {
            switch location {
            case .file(let path):
                writer = try DatabasePool(path: path, configuration: configuration)
            case .inMemory:
                writer = try DatabaseQueue(configuration: configuration)
            }
            try SQLiteMigrations.migrator.migrate(writer)
            // Set after the pool has switched to WAL: GRDB resets it while opening (PERF-NOTES).
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = " + (durability == .full ? "FULL" : "NORMAL"))
            }
        } catch {
            throw StorageError.openFailed(String(describing: error))
        }
    }

    /// The `synchronous` level in force on the writer connection, as SQLite reports it (1 NORMAL, 2 FULL).
    public func synchronousLevel() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// The journal mode in force, such as `wal`.
    public func journalMode() throws -> String {
        try writer.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    public func insert(_ deck: DeckState, now: Int64) async throws -> String {
        let state = Data(deck.serialized())
        do {
            return try await writer.write { db in
                for _ in 0..<8 {
                    let id = DeckID.random()
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO deck (id, state, created_at, updated_at) VALUES (?, ?, ?, ?)",
                        arguments: [id, state, now, now])
                    if db.changesCount == 1 { return id }
                }
                throw StorageError.idExhausted
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.writeFailed(String(describing: error))
        }
    }

    public func deck(withID id: String) async throws -> DeckState? {
        let bytes: Data?
        do {
            bytes = try await writer.read { db in
                try Data.fetchOne(db, sql: "SELECT state FROM deck WHERE id = ?", arguments: [id])
            }
        } catch {
            throw StorageError.readFailed(String(describing: error))
        }
        return try bytes.map { try Self.decode($0, id: id) }
    }

    public func update<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result? {
        do {
            return try await writer.write { db -> Result? in
                guard let bytes = try Data.fetchOne(db, sql: "SELECT state FROM deck WHERE id = ?", arguments: [id])
                else { return nil }
                let before = try Self.decode(bytes, id: id)
                var deck = before
                let result = try change(&deck)
                if deck != before {
                    try db.execute(
                        sql: "UPDATE deck SET state = ?, updated_at = ? WHERE id = ?",
                        arguments: [Data(deck.serialized()), now, id])
                }
                return result
            }
        } catch let error as DatabaseError {
            throw StorageError.writeFailed(String(describing: error))
        }
    }

    public func deleteDecks(unchangedBefore cutoff: Int64) async throws -> Int {
        do {
            return try await writer.write { db in
                try db.execute(sql: "DELETE FROM deck WHERE updated_at < ?", arguments: [cutoff])
                return db.changesCount
            }
        } catch {
            throw StorageError.writeFailed(String(describing: error))
        }
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

    private static func decode(_ bytes: Data, id: String) throws -> DeckState {
        do {
            return try DeckState(serialized: bytes)
        } catch {
            throw StorageError.corruptDeck(id, error.reason)
        }
    }
}
