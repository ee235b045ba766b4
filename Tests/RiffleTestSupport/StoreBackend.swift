import DeckStorage
import DeckStores
import Foundation
import Logging

/// The storage backends every contract test runs against.
///
/// PostgreSQL is reached through `RIFFLE_TEST_POSTGRES_URL` (set by `scripts/with-postgres.sh`);
/// when it is unset, the PostgreSQL cases fail with a message saying so rather than skip.
public enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqliteFile
    case sqliteInMemory
    case postgres

    /// The backends that keep decks when their store is closed and opened again.
    public static let persistent: [StoreBackend] = [.sqliteFile, .postgres]
    /// The backends that several stores (and so several processes) can share at once; an SQLite
    /// file serves one process.
    public static let shareable: [StoreBackend] = [.postgres]
    /// The backends the server tests run against.
    public static let server: [StoreBackend] = [.sqliteInMemory, .postgres]

    /// The name tests are listed under.
    public var description: String { rawValue }

    private static let quietLogger: Logger = {
        var logger = Logger(label: "riffle-test.postgres")
        logger.logLevel = .error
        return logger
    }()

    /// The environment variable that holds the test cluster's URL.
    public static let postgresURLVariable = "RIFFLE_TEST_POSTGRES_URL"

    /// A new, empty database of this kind: a fresh file, a fresh in-memory database, or a fresh
    /// schema in the test cluster. Pass it to ``openStore(_:)`` (possibly several times) and to
    /// `riffle serve --database`.
    public func makeDatabase() throws -> String {
        switch self {
        case .sqliteFile:
            return FileManager.default.temporaryDirectory.appendingPathComponent("riffle-contract-\(UUID()).sqlite")
                .path
        case .sqliteInMemory:
            return ":memory:"
        case .postgres:
            guard let base = ProcessInfo.processInfo.environment[Self.postgresURLVariable], !base.isEmpty else {
                throw MissingPostgres()
            }
            let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            return base + (base.contains("?") ? "&" : "?") + "schema=" + schema + "&pool_size=8"
        }
    }

    /// Opens a store on a database made by ``makeDatabase()``.
    public func openStore(_ database: String) async throws -> any DeckStore {
        try await DeckStoreDatabase.open(database, logger: Self.quietLogger)
    }

    /// A store on a new, empty database.
    public func makeStore() async throws -> any DeckStore {
        try await openStore(try makeDatabase())
    }
}

/// Why a PostgreSQL test could not run: the environment names no test database.
public struct MissingPostgres: Error, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// What to do about it.
    public var description: String {
        "RIFFLE_TEST_POSTGRES_URL is not set: PostgreSQL tests need a database. "
            + "Run them through scripts/with-postgres.sh (e.g. `scripts/with-postgres.sh swift test`), "
            + "which starts a throw-away cluster and sets it."
    }
}
