import DeckStorage
import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database` URL, parsed into a client configuration.
///
/// Query items: `sslmode` (`disable`, the default for loopback hosts; `prefer`; `require`),
/// `pool_size` (the most connections this process opens, 2…200; 16 by default; the first two stay open
/// while the process runs, and one of them listens for live-table events once anything observes
/// them) and `schema` (a
/// schema of `[a-z_][a-z0-9_]*` to keep the tables in, created if missing; `public` by default),
/// which lets several deployments or test runs share one database.
public struct PostgresConnectionURL: Sendable {
    /// The client configuration the URL describes.
    public let configuration: PostgresClient.Configuration
    /// The schema the tables live in, when not the default.
    public let schema: String?
    /// The URL without its password, for logs and start-up lines.
    public let redacted: String

    /// Whether `text` names a PostgreSQL database rather than a SQLite file.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses a URL.
    ///
    /// - Parameter text: such as `postgres://riffle@127.0.0.1:5432/riffle`.
    /// - Throws: `StorageError` naming what is wrong with the URL.
    public init(_ text: String) throws {
        guard Self.isPostgresURL(text), let components = URLComponents(string: text),
            let host = components.host, !host.isEmpty
        else {
            throw StorageError.openFailed("not a postgres://user@host:port/database URL")
        }
        guard let user = components.user, !user.isEmpty else {
            throw StorageError.openFailed("the PostgreSQL URL names no user")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        let items = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        let isLoopback = host == "localhost" || host.hasPrefix("127.") || host == "::1"
        let tls: PostgresClient.Configuration.TLS
        switch items["sslmode"] ?? (isLoopback ? "disable" : "prefer") {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
        case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        case let other: throw StorageError.openFailed("unknown sslmode '\(other)'")
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: components.password,
            database: database.isEmpty ? nil : database, tls: tls)
        let poolSize = Int(items["pool_size"] ?? "16") ?? -1
        guard (2...200).contains(poolSize) else {
            throw StorageError.openFailed(
                "pool_size must be 2…200: one connection listens for the live-table events of every server")
        }
        configuration.options.maximumConnections = poolSize
        // Two connections stay open: the pool gives a connection beyond its minimum an idle-timeout
        // timer each time it goes back (a task, cancelled at the next lease), which the lone
        // changes of a quiet server, each on a lease of its own, would otherwise pay every time.
        configuration.options.minimumConnections = 2
        let schema = items["schema"]
        if let schema {
            let valid =
                !schema.isEmpty && schema.utf8.count <= 63 && schema.first.map { $0 == "_" || $0.isLowercase } == true
                && schema.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) }
            guard valid else { throw StorageError.openFailed("schema must match [a-z_][a-z0-9_]*") }
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        self.schema = schema
        self.configuration = configuration
        let port = components.port.map { ":" + String($0) } ?? ""
        self.redacted = "postgres://" + user + "@" + host + port + "/" + database
    }
}
