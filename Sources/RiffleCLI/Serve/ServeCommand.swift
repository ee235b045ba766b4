import ArgumentParser
import DeckService
import DeckStorage
import DeckStores
import Foundation
import Hummingbird
import Logging
import SQLiteDeckStorage

/// `riffle serve`: runs the Deck of Cards API, card images and the web app.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Deck of Cards API, the card images and the web app.",
        discussion: """
            Decks are kept in an embedded SQLite file (riffle.sqlite in the working directory unless \
            --database says otherwise; ':memory:' keeps them in memory). Several servers can share decks \
            through PostgreSQL: --database postgres://user@host:port/database. Stop with Ctrl-C or \
            SIGTERM: requests in flight finish first, then the database is closed.

            Slow and idle clients are shed: a request's head must arrive within --request-head-timeout \
            seconds and its body within --request-body-timeout (else 408 and the connection is closed), an \
            idle keep-alive connection is closed after --idle-timeout, and connections beyond \
            --max-connections are answered 503 and closed.

            Event streams are capped so that they never crowd out API requests: each client address \
            may hold --max-streams-per-client of them (the next is answered 429), and all of them \
            together --max-streams, at most half of --max-connections (the next is answered 503).
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

    @Option(
        help: """
            Other processes' access to the SQLite file while serving: 'exclusive' (faster writes; \
            the sqlite3 shell gets "database is locked") or 'shared' (other processes may read it).
            """)
    var sqliteAccess: SQLiteDeckStore.Access = .exclusive

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

    @Option(help: "Seconds a request's head may take to arrive; slower clients are answered 408 and closed.")
    var requestHeadTimeout: Double = 10

    @Option(help: "Seconds a request's body may take to arrive after its head; slower clients get 408.")
    var requestBodyTimeout: Double = 30

    @Option(help: "Seconds a keep-alive connection may wait for its next request before it is closed.")
    var idleTimeout: Double = 60

    @Option(help: "The most connections open at once; further ones are answered 503 and closed.")
    var maxConnections = 4096

    @Option(
        help: """
            The most connections one client address may hold open (an IPv6 address by its /64; trusted proxies \
            are not capped); further ones are answered 429 and closed. Default: a quarter of --max-connections.
            """)
    var maxConnectionsPerClient: Int?

    @Option(
        parsing: .upToNextOption,
        help: """
            Networks of reverse proxies (CIDR, such as 127.0.0.1/32 or 10.0.0.0/8) whose Forwarded and \
            X-Forwarded-For headers say who the client is; every per-client cap then counts that client.
            """)
    var trustedProxy: [String] = []

    @Option(help: "The most event streams one client address may hold open; the next is answered 429.")
    var maxStreamsPerClient = 32

    @Option(help: "The most players one client address may seat at one table in an hour; the next join is 429.")
    var maxJoinsPerClient = 16

    @Option(
        help: """
            The most event streams open at once, at most half of --max-connections (the default); the next \
            is answered 503.
            """)
    var maxStreams: Int?

    @Option(
        help: """
            Seconds a live table's player stays online after their last event stream closed, so that a reload \
            is not a departure (0: offline at once).
            """)
    var presenceGrace: Double = 10

    @Option(
        help: """
            Seconds a server's presence leases last without renewal: after a crash, the players its streams \
            kept online go offline this long after its last renewal (renewed every quarter of it).
            """)
    var presenceLease: Double = 20

    @Option(
        help: """
            The most bytes of missed events a stream resumed with Last-Event-ID is sent; past it, one resync \
            (the deck as it is now) instead.
            """)
    var eventResumeBytes = 256 * 1024

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
        for (name, seconds) in [
            ("--request-head-timeout", requestHeadTimeout), ("--request-body-timeout", requestBodyTimeout),
            ("--idle-timeout", idleTimeout),
        ] where !(seconds > 0 && seconds <= 86400) {
            throw ValidationError("\(name) must be more than 0 and at most 86400 seconds, got \(seconds).")
        }
        guard presenceGrace >= 0, presenceGrace <= 86400 else {
            throw ValidationError("--presence-grace must be 0…86400 seconds, got \(presenceGrace).")
        }
        guard presenceLease >= 0.1, presenceLease <= 3600 else {
            throw ValidationError("--presence-lease must be 0.1…3600 seconds, got \(presenceLease).")
        }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
        guard maxStreamsPerClient >= 1 else { throw ValidationError("--max-streams-per-client must be at least 1.") }
        if let maxConnectionsPerClient, maxConnectionsPerClient < 1 {
            throw ValidationError("--max-connections-per-client must be at least 1.")
        }
        for network in trustedProxy where !ServiceConfiguration.isNetwork(network) {
            throw ValidationError("--trusted-proxy takes networks such as 10.0.0.0/8 or ::1, got '\(network)'.")
        }
        guard eventResumeBytes >= 0 else { throw ValidationError("--event-resume-bytes must be 0 or more.") }
        guard maxJoinsPerClient >= 1 else { throw ValidationError("--max-joins-per-client must be at least 1.") }
        if let maxStreams, !(0...(maxConnections / 2)).contains(maxStreams) {
            throw ValidationError(
                "--max-streams must be 0…\(maxConnections / 2) (half of --max-connections), got \(maxStreams).")
        }
    }

    /// The limits the options ask for.
    var limits: ServiceLimits {
        var limits = ServiceLimits()
        limits.requestsPerSecondPerClient = rateLimit
        limits.rateLimitBurst = rateLimitBurst
        limits.maximumDecks = maxDecks
        limits.requestHeadTimeout = .seconds(requestHeadTimeout)
        limits.requestBodyTimeout = .seconds(requestBodyTimeout)
        limits.idleConnectionTimeout = .seconds(idleTimeout)
        limits.maximumConnections = maxConnections
        limits.maximumStreamsPerClient = maxStreamsPerClient
        limits.maximumJoinsPerClientPerTable = maxJoinsPerClient
        limits.maximumConnectionsPerClient = maxConnectionsPerClient
        limits.maximumStreams = maxStreams
        return limits
    }

    func run() async throws {
        var logger = Logger(label: "riffle", factory: DeferredMetadataLogHandler.standardError)
        logger.logLevel = logLevel
        let databaseDescription = try DeckStoreDatabase.description(of: database)
        let store = try await DeckStoreDatabase.open(
            database, durability: durability, access: sqliteAccess, logger: logger)
        var options = ServiceConfiguration(
            host: host, port: port, publicURL: publicURL,
            deckLifetimeSeconds: Int64(deckLifetimeDays * 86400), limits: limits, webRoot: webRoot)
        options.presenceGrace = .milliseconds(Int64(presenceGrace * 1000))
        options.presenceLease = .milliseconds(Int64(presenceLease * 1000))
        options.trustedProxies = trustedProxy
        options.eventResumeBudgetBytes = eventResumeBytes
        let configuration = options
        let app = RiffleServer.makeApplication(
            configuration: configuration, store: store, logger: logger,
            onServerRunning: { port in
                let url = configuration.listeningURL(port: port)
                let line = "Riffle is serving on \(url)/ (API at \(url)/api/, database: \(databaseDescription))\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            })
        // runService returns once a signal has stopped the server and its requests have drained;
        // only then is the store closed, so every acknowledged change has been written through it.
        do {
            try await app.runService()
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }
}

extension SQLiteDeckStore.Durability: ExpressibleByArgument {}
extension SQLiteDeckStore.Access: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
