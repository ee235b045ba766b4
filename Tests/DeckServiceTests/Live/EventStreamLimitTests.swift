import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// A flood of event streams from one address, or more streams than the server allows, is refused
/// with a JSON answer that says why and when to retry, while other clients and API requests are
/// still served.
@Suite(.stopsItsServers) struct EventStreamLimitTests {
    @Test func theThirtyThirdStreamFromOneAddressIsRefusedWhileAnotherClientIsServed() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events"
        let streams = try await openStreams(32, port: server.port, path: path)
        defer { for stream in streams { stream.close() } }
        #expect(streams.map(\.status) == Array(repeating: 200, count: 32))

        let refused = try #require(RawHTTPAnswer(try await sendRawHTTP(streamRequest(path), port: server.port)))
        #expect(refused.status == 429)
        #expect(refused.headers["retry-after"] == "15")
        #expect(refused.headers["content-type"] == "application/json")
        let message = try #require(jsonObject(refused.body)["error"] as? String)
        #expect(message.contains("already has 32 event streams open"), "\(message)")
        #expect(jsonObject(refused.body)["success"] as? Bool == false)

        // Another client is served: its requests, and a stream of its own.
        let info = try #require(
            RawHTTPAnswer(
                try await sendRawHTTP(apiRequest("/api/deck/\(table.deckID)/"), port: server.port, from: "127.0.0.2")))
        #expect(info.status == 200)
        #expect(jsonObject(info.body)["remaining"] as? Int == 52)
        let other = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, from: "127.0.0.2")
        }
        defer { other.close() }
        #expect(other.status == 200)
        #expect(try await onOwnThread { try other.events(atLeast: 1) }.first?.kind == "hello")
        // The flooding address still reads the API too: only its streams are capped.
        #expect(try await send("GET", table.deckURL + "/").status == 200)

        // Once one of its streams ends, the address may open another.
        streams[0].close()
        let reopened = try await streamOnceAPlaceIsFree(port: server.port, path: path)
        defer { reopened.close() }
        #expect(try await onOwnThread { try reopened.events(atLeast: 1) }.first?.kind == "hello")
    }

    @Test func streamsBeyondTheServersCapAre503AndAPIRequestsAreStillAnswered() async throws {
        let server = try await TestServer.start { $0.limits.maximumStreams = 3 }
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        let first = try await openStreams(2, port: server.port, path: path)
        defer { for stream in first { stream.close() } }
        let third = try await onOwnThread { try EventStreamReader(port: server.port, path: path, from: "127.0.0.2") }
        defer { third.close() }
        #expect(third.status == 200)

        for source in ["127.0.0.1", "127.0.0.2", "127.0.0.3"] {
            let refused = try #require(
                RawHTTPAnswer(try await sendRawHTTP(streamRequest(path), port: server.port, from: source)))
            #expect(refused.status == 503, "from \(source)")
            #expect(refused.headers["retry-after"] == "15")
            let message = jsonObject(refused.body)["error"] as? String ?? ""
            #expect(message.contains("3 event streams open, the most it allows"), "\(message)")
            let answered = try #require(
                RawHTTPAnswer(
                    try await sendRawHTTP(
                        apiRequest("/api/deck/\(table.deckID)/draw/?count=1"), port: server.port, from: source)))
            #expect(answered.status == 200, "an API request from \(source) is never refused for the stream cap")
        }
        // The open streams go on: they hear the draws.
        let seen = try await onOwnThread { try third.events(atLeast: 4) }
        #expect(seen.map(\.kind) == ["hello", "draw", "draw", "draw"])

        third.close()
        let reopened = try await streamOnceAPlaceIsFree(port: server.port, path: path)
        reopened.close()
    }

    @Test func refusedAndFailedStreamsGiveTheirPlaceBack() async throws {
        let server = try await TestServer.start { $0.limits.maximumStreamsPerClient = 1 }
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        // Refused for a bad resume point, an unknown deck, a forged token: none keeps a place.
        for refusedPath in [
            path + "?last_event_id=99", "/api/deck/aaaaaaaaaaaa/events/",
            path + "?token=" + String(repeating: "x", count: 43),
        ] {
            let answer = try #require(
                RawHTTPAnswer(try await sendRawHTTP(streamRequest(refusedPath), port: server.port)))
            #expect([400, 401, 404].contains(answer.status), "\(refusedPath): \(answer.status)")
        }
        // A stream whose client hangs up gives its place back.
        let dropped = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        #expect(dropped.status == 200)
        dropped.close()
        let next = try await streamOnceAPlaceIsFree(port: server.port, path: path)
        next.close()
    }

    /// Asks for a stream until one is opened: the server gives a place back once it has noticed
    /// that a stream ended, which the client cannot see otherwise.
    private func streamOnceAPlaceIsFree(port: Int, path: String) async throws -> EventStreamReader {
        try await waitFor("a stream once a place is free", upTo: testWaitLimit) {
            while true {
                try Task.checkCancellation()
                let stream = try await onOwnThread { try EventStreamReader(port: port, path: path) }
                if stream.status == 200 { return stream }
                stream.close()
            }
        }
    }

    private func openStreams(_ count: Int, port: Int, path: String) async throws -> [EventStreamReader] {
        try await onOwnThread {
            try (0..<count).map { _ in
                let stream = try EventStreamReader(port: port, path: path)
                _ = try stream.events(atLeast: 1)
                return stream
            }
        }
    }

    private func streamRequest(_ path: String) -> String {
        "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n"
    }

    private func apiRequest(_ path: String) -> String {
        "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    }

    private func jsonObject(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
}
