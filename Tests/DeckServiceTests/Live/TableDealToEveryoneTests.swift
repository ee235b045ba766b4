import Foundation
import RiffleTestSupport
import Testing

/// The host's "deal N to everyone" over real HTTP (issue 40): one change and one `deal` event,
/// dealt one card at a time in seat order, made once however often it is sent with its
/// `Idempotency-Key`, refused to everyone but the host, and shown to each viewer only as the
/// visibility rule allows.
@Suite(.stopsItsServers) struct TableDealToEveryoneTests {
    private static let key = ["Idempotency-Key": "test-key-deal-everyone-0123456789"]

    /// A table of three players (alice hosts, bob, carol) on a deck in its new, unshuffled order,
    /// so the dealt cards are known in advance.
    private func threePlayers(on server: TestServer) async throws -> (TestTable, [String: String]) {
        let table = try await TestTable.create(on: server.baseURL)
        var tokens: [String: String] = [:]
        for name in ["alice", "bob", "carol"] { tokens[name] = try await table.join(name) }
        return (table, tokens)
    }

    /// The change number an answer's `ETag` carries (`"12"`), or -1.
    private static func changeNumber(_ answer: RawAnswer) -> Int {
        Int(answer.etag?.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "") ?? -1
    }

    private func stream(_ table: TestTable, port: Int, token: String?) async throws -> EventStreamReader {
        let query = token.map { "?token=" + $0 } ?? ""
        let reader = try await onOwnThread {
            try EventStreamReader(port: port, path: "/api/deck/\(table.deckID)/events/" + query)
        }
        _ = try await onOwnThread { try reader.events(atLeast: 1) }
        return reader
    }

    @Test func theHostDealsToEveryoneInSeatOrderInOneChangeAndOneEvent() async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await threePlayers(on: server)
        let alice = try #require(tokens["alice"])
        // The host seats carol first: dealing follows the seats, not the order of joining.
        #expect(
            try await sendForm(table.deckURL + "/seats/", form: [("order", "carol,alice,bob")], token: alice).status
                == 200)
        let before = try await send("GET", table.deckURL + "/")
        #expect(before.object["remaining"] as? Int == 52)

        let dealt = try await sendForm(table.deckURL + "/deal/", form: [("count", "2")], token: alice)
        #expect(dealt.status == 200, "\(dealt.body)")
        #expect(dealt.object["remaining"] as? Int == 46)
        #expect(Self.changeNumber(dealt) == Self.changeNumber(before) + 1, "one change")
        // A new deck's order is AS 2S 3S …: carol gets the 1st and 4th, alice the 2nd and 5th, bob the 3rd and 6th.
        #expect(dealt.pileCodes("alice") == ["2S", "5S"])
        #expect(dealt.piles["bob"]?["remaining"] as? Int == 2 && dealt.piles["bob"]?["cards"] == nil)
        let bob = try await send("GET", table.deckURL + "/pile/bob/list/", token: tokens["bob"])
        #expect(bob.pileCodes("bob") == ["3S", "6S"])
        let carol = try await send("GET", table.deckURL + "/pile/carol/list/", token: tokens["carol"])
        #expect(carol.pileCodes("carol") == ["AS", "4S"])
    }

    @Test func aResentDealToEveryoneDealsOnceAndIsOneEvent() async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await threePlayers(on: server)
        let alice = try #require(tokens["alice"])
        let watcher = try await stream(table, port: server.port, token: nil)
        defer { watcher.close() }

        let first = try await sendForm(
            table.deckURL + "/deal/", form: [("count", "5")], token: alice, headers: Self.key)
        let again = try await sendForm(
            table.deckURL + "/deal/", form: [("count", "5")], token: alice, headers: Self.key)
        #expect(first.status == 200 && !first.replayed)
        #expect(again.status == 200 && again.replayed && again.body == first.body && again.etag == first.etag)
        let info = try await send("GET", table.deckURL + "/")
        #expect(info.object["remaining"] as? Int == 37)
        #expect(info.etag == first.etag)

        // One event, a deal, then nothing else until the next change (a draw of one card, here).
        #expect(try await sendForm(table.deckURL + "/draw/", form: [("count", "1")], token: alice).status == 200)
        // The reader keeps every event it read, its hello first.
        let events = try await onOwnThread { try watcher.events(atLeast: 3) }.filter { $0.kind != "hello" }
        #expect(events.map(\.kind) == ["deal", "draw"])
        let moved = events[0].object["moved"] as? [[String: Any]] ?? []
        #expect(Set(moved.compactMap { $0["to"] as? String }) == ["alice", "bob", "carol"])
        #expect(moved.allSatisfy { $0["from"] as? String == "deck" && $0["count"] as? Int == 5 })
    }

    @Test func onlyTheHostMayDealToEveryone() async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await threePlayers(on: server)
        let url = table.deckURL + "/deal/"
        let before = try await send("GET", table.deckURL + "/").etag
        // Another player, nobody (no token, as a spectator is), a made-up token, a GET (a link preview).
        #expect(try await sendForm(url, form: [("count", "5")], token: tokens["bob"]).status == 403)
        #expect(try await sendForm(url, form: [("count", "5")]).status == 401)
        #expect(try await sendForm(url, form: [("count", "5")], token: String(repeating: "x", count: 43)).status == 401)
        #expect(try await send("GET", url + "?count=5", token: tokens["alice"]).status == 405)
        // Counts that make no sense, or more cards than the stack holds (18 × 3 > 52).
        for count in ["0", "-1", "two", "55", ""] {
            #expect(try await sendForm(url, form: [("count", count)], token: tokens["alice"]).status == 400, "\(count)")
        }
        #expect(try await sendForm(url, form: [], token: tokens["alice"]).status == 400)
        #expect(try await sendForm(url, form: [("count", "18")], token: tokens["alice"]).status == 404)
        #expect(try await send("GET", table.deckURL + "/").etag == before, "nothing changed")
        #expect(try await send("GET", table.deckURL + "/").object["remaining"] as? Int == 52)
        // A deck without players has nobody to deal to.
        let empty = try await TestTable.create(on: server.baseURL)
        #expect(try await sendForm(empty.deckURL + "/deal/", form: [("count", "1")]).status == 409)
    }

    @Test func theEventShowsEachViewerOnlyItsOwnCards() async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await threePlayers(on: server)
        let viewers: [(String?, String?)] = [("alice", tokens["alice"]), ("bob", tokens["bob"]), (nil, nil)]
        var streams: [(String?, EventStreamReader)] = []
        for (name, token) in viewers {
            streams.append((name, try await stream(table, port: server.port, token: token)))
        }
        defer { for (_, reader) in streams { reader.close() } }

        let dealt = try await sendForm(table.deckURL + "/deal/", form: [("count", "4")], token: tokens["alice"])
        #expect(dealt.status == 200)
        var hands: [String: [String]] = [:]
        for name in ["alice", "bob", "carol"] {
            hands[name] = try await send("GET", table.deckURL + "/pile/\(name)/list/", token: tokens[name])
                .pileCodes(name)
        }
        let every = hands.values.flatMap { $0 }
        #expect(every.count == 12)
        for (viewer, reader) in streams {
            let event = try #require(try await onOwnThread { try reader.events(atLeast: 2) }.last)
            #expect(event.kind == "deal")
            let own = viewer.flatMap { hands[$0] } ?? []
            // Its own cards, in the event; nobody else's, anywhere in it.
            #expect(Set(revealedCodes(in: event.data, of: every)) == Set(own), "\(viewer ?? "spectator")")
            for move in event.object["moved"] as? [[String: Any]] ?? [] {
                #expect(
                    (move["cards"] != nil) == (move["to"] as? String == viewer), "\(viewer ?? "spectator"): \(move)")
            }
        }
    }
}
