import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// Slow, stalled and idle clients are shed by their time limits while other clients are served.
@Suite(.stopsItsServers) struct SlowClientTests {
    static let request = "GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\n\r\n"
    /// How late a close may come beyond its limit on a loaded two-core machine. Generous on purpose:
    /// CI runs these tests beside CPU-bound suites (a close came 11 s late there once), and what the
    /// tests tell apart is "closed by the limit" from "kept open", which never closes at all.
    static let slack = Duration.seconds(30)

    @Test func stalledHalfHeadersAreAllClosedWithin408WhileANormalClientIsServed() async throws {
        let headTimeout = Duration.seconds(3)
        let server = try await TestServer.start {
            $0.limits.requestHeadTimeout = headTimeout
            $0.limits.idleConnectionTimeout = .seconds(600)
        }
        let clock = ContinuousClock()
        let (stalled, stalledAt) = try await onOwnThread {
            let connections = try (0..<500).map { _ in try RawConnection(port: server.port) }
            let stalledAt = clock.now
            for connection in connections { try connection.send("GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nX-Sl") }
            return (connections, stalledAt)
        }
        let normal = try await sendRawHTTP(
            "GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port, timeoutSeconds: 60
        )
        let normalAnsweredAt = clock.now
        let closings = try await onOwnThread { waitForClosing(stalled, giveUpAfter: headTimeout + Self.slack) }
        await server.stop()

        #expect(normal.hasPrefix("HTTP/1.1 200"), "got: \(normal)")
        let closedAt = closings.compactMap(\.closedAt)
        #expect(closedAt.count == 500, "\(500 - closedAt.count) stalled connections still open")
        let firstClose = try #require(closedAt.min())
        let lastClose = try #require(closedAt.max())
        #expect(normalAnsweredAt < firstClose, "the normal client waited for the stalled ones")
        // Not before the limit: the limit is what closed them, not something else.
        #expect(firstClose - stalledAt >= headTimeout - .milliseconds(100))
        #expect(lastClose - stalledAt <= headTimeout + Self.slack)
        let answered408 = closings.filter { $0.received.hasPrefix("HTTP/1.1 408") }
        #expect(answered408.count == 500)
        #expect(answered408.first?.received.contains(#""success":false"#) == true)
    }

    @Test func aTricklingHeadIsNotExtendedByEachByte() async throws {
        let headTimeout = Duration.seconds(2)
        let server = try await TestServer.start { $0.limits.requestHeadTimeout = headTimeout }
        let clock = ContinuousClock()
        let (answer, elapsed) = try await onOwnThread {
            let connection = try RawConnection(port: server.port)
            let start = clock.now
            // One byte every 250 ms: each arrives well within any per-read limit, but the head never ends.
            var answer: String?
            for byte in "GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 200) {
                do { try connection.send(String(byte)) } catch { break }
                var readable = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&readable, 1, 250) > 0 {
                    answer = try connection.readUntilClosed()
                    break
                }
            }
            return (answer, clock.now - start)
        }
        await server.stop()
        #expect(answer?.hasPrefix("HTTP/1.1 408") == true, "got: \(answer ?? "no answer")")
        #expect(elapsed >= headTimeout - .milliseconds(100) && elapsed <= headTimeout + Self.slack)
    }

    @Test func aStalledBodyIsAnswered408() async throws {
        let bodyTimeout = Duration.seconds(1)
        let server = try await TestServer.start {
            $0.limits.requestBodyTimeout = bodyTimeout
            $0.limits.idleConnectionTimeout = .seconds(600)
        }
        let clock = ContinuousClock()
        let (answer, elapsed) = try await onOwnThread {
            let connection = try RawConnection(port: server.port)
            let start = clock.now
            try connection.send(
                "POST /api/deck/new/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 20\r\n\r\ndeck_")
            return (try connection.readUntilClosed(), clock.now - start)
        }
        await server.stop()
        #expect(answer?.hasPrefix("HTTP/1.1 408") == true, "got: \(answer ?? "no answer")")
        #expect(elapsed >= bodyTimeout - .milliseconds(100) && elapsed <= bodyTimeout + Self.slack)
    }

    @Test func idleKeepAliveConnectionsCloseAfterTheIdleTimeout() async throws {
        let idleTimeout = Duration.seconds(1)
        let server = try await TestServer.start { $0.limits.idleConnectionTimeout = idleTimeout }
        let clock = ContinuousClock()
        let (answers, leftover, idleFor) = try await onOwnThread {
            let connection = try RawConnection(port: server.port)
            // Two requests on the connection: keep-alive works, and the idle clock restarts after each answer.
            let answers = try [Self.request, Self.request].map { request in
                try connection.send(request)
                return try connection.readResponse()
            }
            let answeredAt = clock.now
            return (answers, try connection.readUntilClosed(), clock.now - answeredAt)
        }
        await server.stop()
        #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "got: \(answers)")
        #expect(leftover == "", "an idle connection is closed without an answer; got: \(leftover ?? "no close")")
        #expect(idleFor >= idleTimeout - .milliseconds(100) && idleFor <= idleTimeout + Self.slack)
    }

    @Test func theConnectionCapRefusesExtraConnectionsWithoutAffectingOpenOnes() async throws {
        // Every connection comes from 127.0.0.1: the per-address cap (a quarter, by default) is lifted.
        let server = try await TestServer.start {
            $0.limits.maximumConnections = 3
            $0.limits.maximumConnectionsPerClient = 3
        }
        let open = try await onOwnThread {
            try (0..<3).map { _ in
                let connection = try RawConnection(port: server.port)
                try connection.send(Self.request)
                _ = try connection.readResponse()
                return connection
            }
        }
        let refused = try await onOwnThread { try RawConnection(port: server.port).readUntilClosed() }
        let stillServed = try await onOwnThread {
            try open.map { connection in
                try connection.send(Self.request)
                return try connection.readResponse()
            }
        }
        // A closed connection gives its place back (the server learns of the close asynchronously).
        open[0].shutDown()
        let port = server.port
        let admittedAgain =
            (try? await waitUntil(
                "a new connection admitted in the closed one's place", checkingEvery: .milliseconds(50)
            ) {
                try await onOwnThread {
                    try sendRawHTTPBlocking(
                        "GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port
                    ).hasPrefix("HTTP/1.1 200")
                }
            }) != nil
        await server.stop()

        #expect(refused?.hasPrefix("HTTP/1.1 503") == true, "got: \(refused ?? "no close")")
        #expect(refused?.contains("too many open connections") == true)
        #expect(stillServed.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "got: \(stillServed)")
        #expect(admittedAgain)
    }
}

/// One request on a fresh connection, answered until the server closes it; blocking.
private func sendRawHTTPBlocking(_ request: String, port: Int) throws -> String {
    let connection = try RawConnection(port: port)
    try connection.send(request)
    return try connection.readUntilClosed() ?? ""
}
