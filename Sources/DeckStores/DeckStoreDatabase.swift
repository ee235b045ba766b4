import DeckStorage
import Logging
import PostgresDeckStorage
import SQLiteDeckStorage

/// The one place that turns a `--database` argument into a deck store: a `postgres://` URL opens a
/// `PostgresDeckStore`, `:memory:` a private in-memory SQLite database, and
/// anything else an SQLite file at that path.
///
/// ```swift
/// let store = try await DeckStoreDatabase.open("riffle.sqlite")
/// defer { Task { try await store.close() } }
/// print(DeckStoreDatabase.description(of: "postgres://riffle:secret@db/riffle"))  // password hidden
/// ```
public enum DeckStoreDatabase {
    /// The argument that keeps decks in memory, gone when the store is.
    public static let inMemory = ":memory:"

    /// Opens (creating and migrating if needed) the store `database` names.
    ///
    /// - Parameters:
    ///   - database: an SQLite file path, ``inMemory``, or a `postgres://user[:password]@host[:port]/database`
    ///     URL (with optional `pool_size` and `schema` parameters).
    ///   - durability: the SQLite `synchronous` level (PostgreSQL commits are always durable).
    ///   - access: whether other processes may open an SQLite file meanwhile (see `SQLiteDeckStore.Access`).
    ///   - logger: where the PostgreSQL pool's background messages go.
    /// - Returns: the open store; call `close()` once nothing uses it any more.
    /// - Throws: `StorageError` when the URL is malformed or the database cannot be opened or migrated.
    public static func open(
        _ database: String, durability: SQLiteDeckStore.Durability = .normal,
        access: SQLiteDeckStore.Access = .exclusive, logger: Logger = Logger(label: "riffle.storage")
    ) async throws -> any DeckStore {
        if PostgresConnectionURL.isPostgresURL(database) {
            return try await PostgresDeckStore.connect(url: database, logger: logger)
        }
        let location: SQLiteDeckStore.Location = database == inMemory ? .inMemory : .file(database)
        return try SQLiteDeckStore(location: location, durability: durability, access: access)
    }

    /// How to show `database` in logs and messages: a PostgreSQL URL without its password.
    ///
    /// - Parameter database: a `--database` argument.
    /// - Returns: the argument, its password replaced.
    /// - Throws: `StorageError` when it is a malformed PostgreSQL URL.
    public static func description(of database: String) throws -> String {
        PostgresConnectionURL.isPostgresURL(database) ? try PostgresConnectionURL(database).redacted : database
    }
}
