import DeckStorage
import Foundation
import RiffleTestSupport
import Testing

/// Every change happens once, over real HTTP against every server backend: `Idempotency-Key`
/// replays and refusals, `ETag` and `If-Match`, and what a replay does not do (change the deck,
/// count a change, emit an event).
@Suite(.stopsItsServers) struct ChangeOnceTests {
    static func key(_ name: String) -> [String: String] { ["Idempotency-Key": "test-key-" + name + "-0123456789"] }

    /// Opens the deck's event stream and reads its hello.
    private func watch(_ table: TestTable, port: Int) async throws -> EventStreamReader {
        let stream = try await onOwnThread {
            try EventStreamReader(port: port, path: "/api/deck/\(table.deckID)/events/")
        }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        return stream
    }

    @Test(arguments: StoreBackend.server) func aResentChangeGetsItsFirstAnswerAndChangesNothingMore(
        backend: StoreBackend
    ) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())

        // A new deck, resent: the same deck, not a second one.
        let created = try await send("GET", server.baseURL + "/api/deck/new/", headers: Self.key("new"))
        let again = try await send("GET", server.baseURL + "/api/deck/new/", headers: Self.key("new"))
        #expect(created.status == 200 && !created.replayed && created.etag == "\"0\"")
        #expect(again.status == 200 && again.body == created.body && again.etag == "\"0\"" && again.replayed)
        #expect(try await server.store.deckCount() == 1)
        let table = TestTable(baseURL: server.baseURL, deckID: try #require(created.object["deck_id"] as? String))
        let stream = try await watch(table, port: server.port)
        defer { stream.close() }

        // A join, resent: the same player and token, not a 409 and not a second seat.
        let joined = try await send("POST", table.deckURL + "/player/ana/", headers: Self.key("join"))
        let rejoined = try await send("POST", table.deckURL + "/player/ana/", headers: Self.key("join"))
        let token = try #require(joined.object["token"] as? String)
        #expect(joined.status == 200 && joined.etag == "\"1\"")
        #expect(rejoined.status == 200 && rejoined.body == joined.body && rejoined.etag == "\"1\"" && rejoined.replayed)

        // A deal and a draw, resent: their first answers (the same cards), the deck changed once.
        let dealt = try await send(
            "GET", table.deckURL + "/pile/ana/deal/?count=5", token: token, headers: Self.key("deal"))
        let redealt = try await send(
            "GET", table.deckURL + "/pile/ana/deal/?count=5", token: token, headers: Self.key("deal"))
        #expect(dealt.status == 200 && dealt.etag == "\"2\"" && dealt.pileCodes("ana").count == 5)
        #expect(redealt.body == dealt.body && redealt.etag == "\"2\"" && redealt.replayed)
        let drawn = try await send("GET", table.deckURL + "/draw/?count=2", token: token, headers: Self.key("draw"))
        let redrawn = try await send("GET", table.deckURL + "/draw/?count=2", token: token, headers: Self.key("draw"))
        #expect(drawn.codes == ["6S", "7S"] && redrawn.body == drawn.body && redrawn.replayed)
        let info = try await send("GET", table.deckURL + "/")
        #expect(info.object["remaining"] as? Int == 45)
        #expect(info.etag == "\"3\"", "three changes after the deck was made: join, deal, draw")

        // The stream heard each change once; a later change shows nothing came in between.
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=1", token: token).status == 200)
        let events = try await onOwnThread { try stream.events(until: { $0.kind == "deal" && $0.id == 4 }) }
        #expect(events.map(\.kind) == ["hello", "join", "deal", "draw", "deal"])
        #expect(events.map(\.id) == [0, 1, 2, 3, 4])
    }

    @Test(arguments: StoreBackend.server) func theSameKeyWithAnotherRequestIs422AndChangesNothing(
        backend: StoreBackend
    ) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        let table = try await TestTable.create(on: server.baseURL)
        let ana = try await table.join("ana")
        let bo = try await table.join("bo")
        let first = try await send("GET", table.deckURL + "/draw/?count=1", token: ana, headers: Self.key("k"))
        #expect(first.status == 200 && first.etag == "\"3\"")
        for (method, path, token) in [
            ("GET", "/draw/?count=2", ana),  // other parameters
            ("GET", "/draw/bottom/?count=1", ana),  // another path
            ("POST", "/draw/", ana),  // another method (and no parameters)
            ("GET", "/draw/?count=1", bo),  // another player
            ("GET", "/pile/centre/deal/?count=1", ana),
        ] {
            let reused = try await send(method, table.deckURL + path, token: token, headers: Self.key("k"))
            #expect(reused.status == 422, "\(method) \(path)")
            #expect(reused.object["success"] as? Bool == false)
            #expect(reused.error?.contains("Idempotency-Key was already used for another request") == true)
            #expect(reused.etag == nil, "the deck was not consulted")
        }
        let info = try await send("GET", table.deckURL + "/")
        #expect(info.object["remaining"] as? Int == 51 && info.etag == "\"3\"")
        // The key still answers its own request.
        let replayed = try await send("GET", table.deckURL + "/draw/?count=1", token: ana, headers: Self.key("k"))
        #expect(replayed.body == first.body && replayed.replayed)
    }

    @Test(arguments: StoreBackend.server) func ifMatchMakesAChangeConditional(backend: StoreBackend) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        // A plain deck (no players).
        let table = try await TestTable.create(on: server.baseURL)
        #expect(try await send("GET", table.deckURL + "/").etag == "\"0\"")
        let drawn = try await send("GET", table.deckURL + "/draw/?count=1", headers: ["If-Match": "\"0\""])
        #expect(drawn.status == 200 && drawn.etag == "\"1\"")
        let stale = try await send("GET", table.deckURL + "/draw/?count=1", headers: ["If-Match": "\"0\""])
        #expect(stale.status == 412 && stale.etag == "\"1\"")
        #expect(stale.object["success"] as? Bool == false)
        #expect(stale.error?.hasPrefix("The deck is at change 1, not 0 (If-Match): nothing was changed.") == true)
        #expect(stale.object["deck_id"] as? String == table.deckID && stale.object["remaining"] as? Int == 51)
        #expect(stale.piles.isEmpty)
        #expect(try await send("GET", table.deckURL + "/").object["remaining"] as? Int == 51)
        for tag in ["W/\"1\"", "*", " \"2\" "] {
            let answer = try await send(
                "GET", table.deckURL + "/pile/discard/add/?cards=AS", headers: ["If-Match": tag])
            #expect(answer.status == 200, "\(tag)")
        }
        // A live table: the 412 shows the deck as the caller may see it, and nothing changes.
        let ana = try await table.join("ana")
        let bo = try await table.join("bo")
        #expect(try await send("GET", table.deckURL + "/pile/ana/deal/?count=2", token: ana).status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/bo/deal/?count=2", token: ana).status == 200)
        let now = try #require(try await send("GET", table.deckURL + "/").etag)
        let refused = try await send(
            "GET", table.deckURL + "/pile/centre/deal/?count=1", token: ana, headers: ["If-Match": "\"3\""])
        #expect(refused.status == 412 && refused.etag == now)
        #expect(refused.pileCodes("ana").count == 2, "Ana sees her hand")
        #expect(refused.piles["bo"]?["cards"] == nil && refused.piles["bo"]?["remaining"] as? Int == 2)
        let bosHand = try await handOf("bo", table, bo)
        #expect(bosHand.count == 2 && revealedCodes(in: refused.body, of: bosHand).isEmpty)
        #expect(try await send("GET", table.deckURL + "/").etag == now)
        // A refusal is not remembered: the same key goes through with the right tag.
        let conditional = ["If-Match": "\"3\""].merging(Self.key("retry")) { $1 }
        #expect(
            try await send("GET", table.deckURL + "/pile/centre/deal/?count=1", token: ana, headers: conditional).status
                == 412)
        let right = ["If-Match": now].merging(Self.key("retry")) { $1 }
        let made = try await send("GET", table.deckURL + "/pile/centre/deal/?count=1", token: ana, headers: right)
        #expect(made.status == 200 && !made.replayed)
        // A spectator on a seated deck hears the seat's 401 first, whatever the tag.
        let spectator = try await send("GET", table.deckURL + "/draw/", headers: ["If-Match": "\"0\""])
        #expect(spectator.status == 401)
    }

    private func handOf(_ name: String, _ table: TestTable, _ token: String) async throws -> [String] {
        try await send("GET", table.deckURL + "/pile/" + name + "/list/", token: token).pileCodes(name)
    }

    @Test func malformedChangeHeadersAre400AndChangeNothing() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        for ifMatch in [
            "1", "\"abc\"", "\"1\", \"2\"", "\"-1\"", "\"01\"", "\"\"", "W/1", "\"99999999999999999999\"", "**",
        ] {
            let answer = try await send("GET", table.deckURL + "/draw/", headers: ["If-Match": ifMatch])
            #expect(answer.status == 400, "If-Match: \(ifMatch)")
            #expect(answer.error?.hasPrefix("If-Match must be one entity tag") == true)
        }
        for key in ["short", String(repeating: "k", count: 129), "with spaces in the key", "\"half-quoted-key-000"] {
            let answer = try await send("GET", table.deckURL + "/draw/", headers: ["Idempotency-Key": key])
            #expect(answer.status == 400, "Idempotency-Key: \(key)")
            #expect(answer.error?.hasPrefix("Idempotency-Key must be 16 to 128 characters") == true)
            let newDeck = try await send("GET", server.baseURL + "/api/deck/new/", headers: ["Idempotency-Key": key])
            #expect(newDeck.status == 400)
        }
        let info = try await send("GET", table.deckURL + "/")
        #expect(info.object["remaining"] as? Int == 52 && info.etag == "\"0\"")
        #expect(try await server.store.deckCount() == 1)
        // A read ignores both headers, well-formed or not.
        let read = try await send(
            "GET", table.deckURL + "/", headers: ["Idempotency-Key": "short", "If-Match": "\"7\""])
        #expect(read.status == 200 && read.etag == "\"0\"")
    }

    @Test(arguments: StoreBackend.server) func tokensThatAreNotAPlayersAre401WithAKeyToo(
        backend: StoreBackend
    ) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        let table = try await TestTable.create(on: server.baseURL)
        let ana = try await table.join("ana")
        let bo = try await table.join("bo")
        let elsewhere = try await TestTable.create(on: server.baseURL)
        let foreign = try await elsewhere.join("eve")
        #expect(
            try await send("DELETE", table.deckURL + "/player/bo/", token: ana, headers: Self.key("remove")).status
                == 200)
        let before = try await send("GET", table.deckURL + "/")
        for (token, name) in [(bo, "removed"), (foreign, "foreign"), ("not-a-token", "malformed")] {
            let answer = try await send(
                "GET", table.deckURL + "/pile/centre/deal/?count=1", token: token, headers: Self.key(name))
            #expect(answer.status == 401, "\(name)")
            #expect(answer.etag == before.etag)
            #expect(answer.body.contains(token) == false)
        }
        #expect(try await send("GET", table.deckURL + "/").body == before.body)
        #expect(try await send("GET", table.deckURL + "/").etag == before.etag)
    }

    @Test func everyAnswerAboutADeckCarriesItsChangeNumber() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let ana = try await table.join("ana")
        let bo = try await table.join("bo")
        #expect(try await send("GET", table.deckURL + "/pile/ana/deal/?count=2", token: ana).etag == "\"3\"")
        for (method, path, token, status) in [
            ("GET", "/", nil, 200), ("GET", "/drawn/", nil, 200), ("GET", "/pile/ana/list/", ana, 200),
            ("HEAD", "/", nil, 200), ("HEAD", "/", "not-a-token", 401),
            ("GET", "/draw/", nil, 401), ("GET", "/draw/", "not-a-token", 401), ("GET", "/shuffle/", bo, 403),
            ("GET", "/pile/ana/draw/", bo, 403), ("GET", "/pile/nowhere/shuffle/", ana, 404),
            ("GET", "/pile/centre/add/?cards=KH", ana, 404),
        ] as [(String, String, String?, Int)] {
            let answer = try await send(method, table.deckURL + path, token: token)
            #expect(answer.status == status, "\(method) \(path)")
            #expect(answer.etag == "\"3\"", "\(method) \(path)")
        }
        // No deck was read: no tag.
        #expect(try await send("GET", server.baseURL + "/api/deck/nosuchdeck00/").etag == nil)
        #expect(try await send("GET", table.deckURL + "/draw/?count=x", token: ana).etag == nil)
    }

    @Test func leavingIsCountedUnderItsOwnLabel() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let ana = try await table.join("ana")
        #expect(try await send("DELETE", table.deckURL + "/player/ana/", token: ana).status == 200)
        let metrics = try await send("GET", server.baseURL + "/metrics").body
        #expect(metrics.contains(#"riffle_http_requests_total{route="leave",status="200"} 1"#))
        #expect(metrics.contains(#"riffle_http_requests_total{route="join",status="200"} 1"#))
    }
}
