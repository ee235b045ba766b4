import ArgumentParser
import DeckService
import Foundation
import Hummingbird
import Logging

/// `riffle serve`: runs the Deck of Cards API, card images and the web app.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Deck of Cards API, the card images and the web app.",
        discussion: """
            Decks are kept in an embedded SQLite file (riffle.sqlite in the working directory unless \
            --database says otherwise; ':memory:' keeps them in memory). Several servers can share decks \
            through PostgreSQL: --database postgres://user@host:port/database. Stop with Ctrl-C or \
            SIGTERM: requests in flight finish first.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free port).")
    var port = 8080

    @Option(help: "The SQLite database file, ':memory:', or a postgres://user@host:port/database URL.")
    var database = "riffle.sqlite"

    @Option(help: "The base URL of image links in responses (default: the address served on).")
    var publicURL: String?

    @Option(help: "SQLite durability: 'normal' survives a killed process, 'full' also a power loss.")
    var durability: SQLiteDeckStore.Durability = .normal

    @Option(help: "Delete decks unchanged for this many days.")
    var deckLifetimeDays: Double = 14

    @Option(help: "Serve the web app from this folder instead of the built-in copy.")
    var webRoot: String?

    @Option(help: "Allow each client address this many requests per second on average (default: no limit).")
    var rateLimit: Double?

    @Option(help: "Requests a client may send at once on top of --rate-limit.")
    var rateLimitBurst: Double = 20

    @Option(help: "Refuse to create decks once this many are stored (default: no cap).")
    var maxDecks: Int?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, got \(port).") }
        guard deckLifetimeDays > 0 else { throw ValidationError("--deck-lifetime-days must be more than 0.") }
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
            throw ValidationError("--public-url must start with http:// or https://, got '\(publicURL)'.")
        }
        if let rateLimit, !(rateLimit > 0) { throw ValidationError("--rate-limit must be more than 0.") }
        guard rateLimitBurst >= 1 else { throw ValidationError("--rate-limit-burst must be at least 1.") }
        if let maxDecks, maxDecks < 1 { throw ValidationError("--max-decks must be at least 1.") }
    }

    func run() async throws {
        var logger = Logger(label: "riffle")
        logger.logLevel = logLevel
        let store: any DeckStore
        let databaseDescription: String
        if PostgresConnectionURL.isPostgresURL(database) {
            store = try await PostgresDeckStore.connect(url: database, logger: logger)
            databaseDescription = try PostgresConnectionURL(database).redacted
        } else {
            let location: SQLiteDeckStore.Location = database == ":memory:" ? .inMemory : .file(database)
            store = try SQLiteDeckStore(location: location, durability: durability)
            databaseDescription = database
        }
        var limits = ServiceLimits()
        limits.requestsPerSecondPerClient = rateLimit
        limits.rateLimitBurst = rateLimitBurst
        limits.maximumDecks = maxDecks
        let configuration = ServiceConfiguration(
            host: host, port: port, publicURL: publicURL,
            deckLifetimeSeconds: Int64(deckLifetimeDays * 86400), limits: limits, webRoot: webRoot)
        let app = RiffleServer.makeApplication(
            configuration: configuration, store: store, logger: logger,
            onServerRunning: { port in
                let url = configuration.listeningURL(port: port)
                let line = "Riffle is serving on \(url)/ (API at \(url)/api/, database: \(databaseDescription))\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            })
        try await app.runService()
    }
}

extension SQLiteDeckStore.Durability: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
