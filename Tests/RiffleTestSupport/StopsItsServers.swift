import Foundation
import Testing

/// A trait that stops every ``TestServer`` a test started, and waits for each to finish, before the test ends.
///
/// Give it to a suite (it applies to each of its tests, and each case of a parameterized test) or to one test:
///
/// ```swift
/// @Suite(.stopsItsServers) struct TableTests {
///     @Test func aDeal() async throws {
///         let server = try await TestServer.start()
///         // … no stop to write: the trait stops the server when the test returns or throws.
///     }
/// }
/// ```
///
/// A server stopped in an unawaited task (a `defer` that starts one to call `stop()`) outlives its test: servers pile
/// up, and one that never stops holds the run without anybody noticing. ``TestServer/start(store:logger:configure:)``
/// therefore refuses to start outside this trait's scope; ``TestServer/run(isolation:_:)`` stops its own server.
/// Each stop is bounded by ``testWaitLimit``: a server that does not stop fails the test, saying so.
public struct StopsItsServers: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite, not to the suite as a whole.
    public var isRecursive: Bool { true }

    /// One scope per test case: a parameterized test's cases each stop their own servers.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test with a list of the servers it starts, then stops them all and waits for them.
    @concurrent public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        let started = StartedServers()
        let outcome = await Result<Void, any Error> {
            try await StartedServers.$current.withValue(started) { try await function() }
        }
        for server in started.all.reversed() {
            do {
                try await server.stopWithinLimit()
            } catch {
                Issue.record(error)
            }
        }
        try outcome.get()
    }
}

extension Trait where Self == StopsItsServers {
    /// Stops every ``TestServer`` a test started, and waits for each, before the test ends.
    public static var stopsItsServers: Self { StopsItsServers() }
}

/// The servers started in one test's scope.
///
/// `@unchecked Sendable`: `servers` is read and written only while `lock` is held.
final class StartedServers: @unchecked Sendable {
    /// The list of the test running in this task, if it runs with ``StopsItsServers``.
    @TaskLocal static var current: StartedServers?

    private let lock = NSLock()
    private var servers: [TestServer] = []

    func add(_ server: TestServer) {
        lock.withLock { servers.append(server) }
    }

    var all: [TestServer] { lock.withLock { servers } }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
