import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// An open events stream's connection belongs to the hub once its opening is written (no task
/// waits on it): what its client sees of that. The stream goes on whatever else the client sends,
/// ends when the client stops sending, and ends properly (its last chunk, then the connection
/// closes) when the hub ends it or the server stops.
@Suite(.stopsItsServers) struct EventStreamConnectionTests {
    @Test func whatAClientSendsOnAnOpenStreamIsNotAnsweredAndTheStreamGoesOn() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let stream = try await openStream(on: server, of: table)
        defer { stream.close() }
        // A second request on the stream's connection: answering it would put a response into the
        // middle of the stream.
        try await onOwnThread { try stream.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        // And bytes that are no request at all, which would close a connection that is answering.
        try await onOwnThread { try stream.send("NOT A REQUEST\u{0}\r\n\r\n") }
        #expect(try await send("GET", table.deckURL + "/draw/").status == 200)
        let events = try await onOwnThread { try stream.events(atLeast: 2) }
        #expect(events.map(\.kind) == ["hello", "draw"])
        #expect(!stream.text.contains("HTTP/1.1"))
        #expect(!stream.bodyEnded)
    }

    @Test func aStreamWhoseClientStopsSendingIsClosed() async throws {
        let server = try await TestServer.start { $0.eventHeartbeatInterval = .seconds(3_600) }
        let table = try await TestTable.create(on: server.baseURL)
        let stream = try await openStream(on: server, of: table)
        defer { stream.close() }
        stream.finishSending()
        // Closed by the server on its own: no heartbeat or event comes to find the client gone.
        let events = try await onOwnThread { try stream.readUntilClosed() }
        #expect(events.map(\.kind) == ["hello"])
        #expect(try await waitUntilStreamsOpen(on: server.baseURL, are: 0))
    }

    @Test func aStreamTheHubEndsEndsWithItsLastChunkAndItsConnectionCloses() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let host = try await table.join("host")
        let guest = try await table.join("guest")
        let stream = try await openStream(on: server, of: table, token: guest)
        defer { stream.close() }
        #expect(try await send("DELETE", table.deckURL + "/player/guest/", token: host).status == 200)
        let events = try await onOwnThread { try stream.readUntilClosed() }
        #expect(events.map(\.kind) == ["hello", "leave"])
        #expect(stream.bodyEnded)
        // Then the connection closes: it answers nothing after its stream.
        #expect(try await onOwnThread { try stream.waitForClose() })
    }

    @Test func sigtermEndsEveryOpenStreamWithItsLastChunkAndTheServerExits() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-streams-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RiffleProcess.start(database: directory.appendingPathComponent("riffle.sqlite").path)
        defer { server.kill() }
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        let port = server.port
        let streams = try await onOwnThread { try (0..<3).map { _ in try EventStreamReader(port: port, path: path) } }
        defer { for stream in streams { stream.close() } }
        for stream in streams { _ = try await onOwnThread { try stream.events(atLeast: 1) } }

        kill(server.process.processIdentifier, SIGTERM)
        for stream in streams {
            let events = try await onOwnThread { try stream.readUntilClosed() }
            #expect(events.map(\.kind) == ["hello"])
            #expect(stream.bodyEnded, "the stream ends with its last chunk, not a cut connection")
        }
        let process = server.process
        #expect(try await onOwnThread { process.waitUntilExit() } == 0)
    }

    @Test func aClientThatStopsReadingForAWhileGetsEveryEventOnceAndInOrderWhenItReadsOn() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL, query: "?deck_count=20")
        // The socket stops taking frames long before the connection's outbox is full: frames sent
        // straight to the socket, the part of one it did not take, and the frames queued behind
        // that part must reach the client in order.
        let paused = try await EventStreamReader.notReading(port: server.port, deckID: table.deckID)
        defer { paused.close() }
        let hello = try #require(try await onOwnThread { try paused.events(atLeast: 1) }.first)
        // About 8 MB of events (draws list their cards) while the client reads nothing: more than
        // the kernel buffers for one connection (its send buffer grows to 4 MB here).
        let changes = 320
        for _ in 0..<(changes / 2) {
            #expect(try await send("GET", table.deckURL + "/draw/?count=500").status == 200)
            #expect(try await send("GET", table.deckURL + "/return/").status == 200)
        }
        let events = try await onOwnThread { try paused.events(atLeast: changes + 1) }
        let first = try #require(hello.id)
        #expect(events.map(\.id) == (0...Int64(changes)).map { first + $0 })
        #expect(
            events.dropFirst().map(\.kind) == Array(repeating: ["draw", "return"], count: changes / 2).flatMap { $0 })
        // Reading again, the client gets what comes next as before.
        #expect(try await send("GET", table.deckURL + "/draw/").status == 200)
        let next = try await onOwnThread { try paused.events(atLeast: changes + 2) }.last
        #expect(next?.id == first + Int64(changes) + 1)
        #expect(next?.kind == "draw")
        #expect(!paused.bodyEnded)
    }

    /// Opens a stream of `table`'s events (as `token`'s player, or a spectator) and reads its `hello`.
    private func openStream(
        on server: TestServer, of table: TestTable, token: String? = nil
    ) async throws
        -> EventStreamReader
    {
        let headers = token.map { ["Authorization": "Bearer " + $0] } ?? [:]
        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/", headers: headers)
        }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        return stream
    }

    /// Polls `/metrics` (each poll a full request) until the open streams gauge reads `count`.
    private func waitUntilStreamsOpen(on baseURL: String, are count: Int) async throws -> Bool {
        for _ in 0..<5_000 {
            let metrics = try await send("GET", baseURL + "/metrics").body
            if gauge("riffle_event_subscribers", in: metrics) == count { return true }
        }
        return false
    }
}
