import DeckService
import DeckStorage
import DeckStores
import Foundation
import Hummingbird
import Logging

/// A real `riffle serve` application on an ephemeral loopback port, for tests that talk HTTP.
///
/// In a test or suite with the ``StopsItsServers`` trait, which stops the server and waits for it when the test ends:
///
/// ```swift
/// @Test(.stopsItsServers) func aNewDeck() async throws {
///     let server = try await TestServer.start()
///     let url = server.baseURL + "/api/deck/new/"
/// }
/// ```
///
/// Or with ``run(isolation:_:)``, which stops its server itself.
public final class TestServer: Sendable {
    /// The server's address, such as `http://127.0.0.1:54321`, without a trailing slash.
    public let baseURL: String
    /// The port it listens on.
    public let port: Int
    /// The store behind it.
    public let store: any DeckStore
    private let task: Task<Void, any Error>

    private init(baseURL: String, port: Int, store: any DeckStore, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.port = port
        self.store = store
        self.task = task
    }

    /// Starts a server and returns once it accepts connections; the test's ``StopsItsServers`` trait stops it.
    ///
    /// - Parameters:
    ///   - store: the deck store; a fresh in-memory SQLite store by default.
    ///   - logger: the server's logger; by default one that prints warnings and errors only.
    ///   - configuration: changes to the default configuration (the port is always ephemeral).
    /// - Returns: the running server.
    /// - Throws: ``TestServerError`` outside a test with the ``StopsItsServers`` trait (nothing would stop the server),
    ///   or when the server cannot start.
    public static func start(
        store: (any DeckStore)? = nil, logger: Logger? = nil, configure: (inout ServiceConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        guard let started = StartedServers.current else {
            throw TestServerError(
                message: "TestServer.start outside a test with the .stopsItsServers trait: nothing would stop the "
                    + "server; give the test or its suite the trait, or use TestServer.run")
        }
        let server = try await launch(store: store, logger: logger, configure: configure)
        started.add(server)
        return server
    }

    private static func launch(
        store: (any DeckStore)?, logger: Logger?, configure: (inout ServiceConfiguration) -> Void
    ) async throws -> TestServer {
        let chosenStore: any DeckStore
        if let store {
            chosenStore = store
        } else {
            chosenStore = try await DeckStoreDatabase.open(DeckStoreDatabase.inMemory)
        }
        let store = chosenStore
        var configuration = ServiceConfiguration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        configuration.port = 0
        let logger =
            logger
            ?? {
                var logger = Logger(label: "riffle-test")
                logger.logLevel = .warning
                return logger
            }()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = RiffleServer.makeApplication(
            configuration: configuration, store: store, logger: logger,
            onServerRunning: { port in
                continuation.yield(port)
                continuation.finish()
            })
        // The stream also ends when the application does, so a server that fails before it listens
        // (a port or a store it cannot use) fails this call instead of leaving it waiting.
        let task = Task {
            defer { continuation.finish() }
            try await app.run()
        }
        // Bounded like every wait: a server that neither listens nor fails (a store or a hub whose set-up never
        // ends) fails this call, saying so, instead of holding the test for ever.
        let port: Int?
        do {
            port = try await waitFor("the test server to listen", upTo: serverStartLimit) {
                var iterator = ports.makeAsyncIterator()
                return await iterator.next()
            }
        } catch {
            task.cancel()
            throw error
        }
        guard let port else {
            task.cancel()
            try await task.value
            throw TestServerError(message: "the server stopped before it listened")
        }
        return TestServer(baseURL: "http://127.0.0.1:" + String(port), port: port, store: store, task: task)
    }

    /// Runs `body` against a fresh server (``start(store:logger:configure:)`` with its defaults), and stops the
    /// server afterwards, whether `body` returned or threw, waiting for it. Needs no ``StopsItsServers`` trait.
    ///
    /// ```swift
    /// try await TestServer.run { server in
    ///     let answer = try await get(server.baseURL + "/api/deck/new/")
    /// }
    /// ```
    ///
    /// - Parameter body: the test.
    /// - Returns: what `body` returned.
    public static func run<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: (TestServer) async throws -> Value
    ) async throws -> Value {
        let server = try await launch(store: nil, logger: nil, configure: { _ in })
        let value: Value
        do {
            value = try await body(server)
        } catch {
            try await server.stopWithinLimit()
            throw error
        }
        try await server.stopWithinLimit()
        return value
    }

    /// Stops the server and waits for it, failing when it has not stopped within ``testWaitLimit``.
    func stopWithinLimit() async throws {
        try await waitFor("the test server on port \(port) to stop", upTo: testWaitLimit) { await self.stop() }
    }

    /// Stops the server and waits for it to finish.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}

/// How long a test server may take to start listening: longer than one awaited event, since it opens a store and
/// starts its services on a machine that may be busy with other tests.
let serverStartLimit: Duration = .seconds(180)

/// A test server that could not be started.
public struct TestServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// The message.
    public var description: String { message }
}
