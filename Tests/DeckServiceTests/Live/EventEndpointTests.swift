import Foundation
import RiffleTestSupport
import Testing

/// The events endpoint without its trailing slash answers the stream itself (a redirect would put
/// the token of `?token=` into `Location`), and `HEAD` answers what `GET` would, tokens included.
@Suite(.stopsItsServers) struct EventEndpointTests {
    @Test func withoutTheSlashTheStreamIsAnsweredAndTheTokenGoesNowhere() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let path = "/api/deck/\(table.deckID)/events"
        let stream = try await onOwnThread { try EventStreamReader(port: server.port, path: path + "?token=" + alice) }
        defer { stream.close() }
        #expect(stream.status == 200)
        #expect(stream.header("Location") == nil)
        #expect(!stream.head.contains(alice))
        #expect(stream.header("Content-Type") == "text/event-stream")
        let hello = try #require(try await onOwnThread { try stream.events(atLeast: 1) }.first)
        #expect(hello.kind == "hello")
        #expect(hello.object["viewer"] as? String == "alice", "the token of the query was read")

        #expect(try await send("GET", table.deckURL + "/pile/alice/deal/?count=2", token: alice).status == 200)
        // Alice's own stream made her online before its hello (a presence change, event 2).
        let dealt = try await onOwnThread { try stream.events(atLeast: 2) }
        #expect(dealt.map(\.kind) == ["hello", "deal"])

        // Refusals without the slash are the same JSON answers, never a redirect.
        let forged = try #require(
            RawHTTPAnswer(
                try await sendRawHTTP(
                    request("GET", path + "?token=" + String(repeating: "y", count: 43)), port: server.port)))
        #expect(forged.status == 401)
        #expect(forged.headers["location"] == nil)
        let resumed = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path + "?last_event_id=1&token=" + alice)
        }
        defer { resumed.close() }
        #expect(try await onOwnThread { try resumed.events(atLeast: 2) }.map(\.kind) == ["presence", "deal"])
        // Other endpoints still redirect, query kept.
        let other = try #require(
            RawHTTPAnswer(
                try await sendRawHTTP(request("GET", "/api/deck/\(table.deckID)/draw?count=1"), port: server.port)))
        #expect(other.status == 301)
        #expect(other.headers["location"] == "/api/deck/\(table.deckID)/draw/?count=1")
    }

    @Test func headChecksTokensAndResumePointsAsGetDoes() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let otherTable = try await TestTable.create(on: server.baseURL)
        let stranger = try await otherTable.join("bo")
        let events = "/api/deck/\(table.deckID)/events/"
        let cases: [(query: String, status: Int)] = [
            ("", 200),
            ("?token=" + alice, 200),
            ("?token=abc", 401),
            ("?token=" + stranger, 401),
            ("?token=" + String(repeating: "z", count: 43), 401),
            ("?last_event_id=1", 200),
            // Later than any change: the player streams below make presence changes, never 99.
            ("?last_event_id=99", 400),
            ("?last_event_id=x", 400),
        ]
        var answered: [(path: String, head: RawHTTPAnswer, status: Int)] = []
        for (query, status) in cases {
            for path in [events + query, String(events.dropLast()) + query] {
                let head = try #require(RawHTTPAnswer(try await sendRawHTTP(request("HEAD", path), port: server.port)))
                answered.append((path, head, status))
            }
        }
        // The same with the token in the Authorization header, and for an unknown deck.
        for (token, status) in [(alice, 200), ("abc", 401), (stranger, 401)] {
            let head = try #require(
                RawHTTPAnswer(
                    try await sendRawHTTP(
                        request("HEAD", events, headers: ["Authorization": "Bearer " + token]), port: server.port)))
            #expect(head.status == status)
        }
        let unknown = try #require(
            RawHTTPAnswer(try await sendRawHTTP(request("HEAD", "/api/deck/aaaaaaaaaaaa/events"), port: server.port)))
        #expect(unknown.status == 404)
        // No HEAD opened a stream.
        let metrics = try await send("GET", server.baseURL + "/metrics").body
        #expect(gauge("riffle_event_subscribers", in: metrics) == 0)

        for (path, head, status) in answered {
            #expect(head.status == status, "HEAD \(path)")
            #expect(head.body.isEmpty)
            if status == 200 {
                #expect(head.headers["content-type"] == "text/event-stream")
                #expect(head.headers["cache-control"] == "no-cache")
            } else {
                #expect(head.headers["content-type"] == "application/json")
            }
            let get = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
            get.close()
            #expect(get.status == status, "GET \(path)")
        }
    }

    @Test func headOfADeckChecksTheTokenAsGetDoes() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let stranger = try await TestTable.create(on: server.baseURL).join("bo")
        for path in ["/", "/pile/alice/list/", "/drawn/"] {
            for (token, status) in [(nil, 200), (alice, 200), ("abc", 401), (stranger, 401)] {
                let get = try await send("GET", table.deckURL + path, token: token).status
                let head = try await send("HEAD", table.deckURL + path, token: token).status
                let who = token.map { String($0.prefix(3)) + "…" } ?? "no token"
                #expect(get == status, "GET \(path) with \(who)")
                #expect(head == status, "HEAD \(path) with \(who)")
            }
        }
    }

    private func request(_ method: String, _ path: String, headers: [String: String] = [:]) -> String {
        var text = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { text += name + ": " + value + "\r\n" }
        return text + "\r\n"
    }
}
