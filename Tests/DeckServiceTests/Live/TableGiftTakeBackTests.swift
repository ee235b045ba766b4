import Foundation
import RiffleTestSupport
import Testing

/// Taking a gift back over real HTTP (issue 40): the giver's latest gift goes back into the
/// giver's hand in one change and one event while the receiver has not moved; after any change by
/// the receiver it is refused with the same words, changing nothing; nobody but the giver may
/// take it back; and a resent take-back is made once.
@Suite(.stopsItsServers) struct TableGiftTakeBackTests {
    private static let refusal = "The gift can no longer be taken back: bob has moved since."

    /// Three players (alice hosts, bob, carol) with two cards each, dealt from a new deck's order:
    /// alice holds AS 4S, bob 2S 5S, carol 3S 6S; then alice gives bob the AS.
    private func aliceGaveBobTheAce(on server: TestServer) async throws -> (TestTable, [String: String]) {
        let table = try await TestTable.create(on: server.baseURL)
        var tokens: [String: String] = [:]
        for name in ["alice", "bob", "carol"] { tokens[name] = try await table.join(name) }
        #expect(
            try await sendForm(table.deckURL + "/deal/", form: [("count", "2")], token: tokens["alice"]).status == 200)
        let gift = try await send("GET", table.deckURL + "/pile/bob/add/?cards=AS&from=alice", token: tokens["alice"])
        #expect(gift.status == 200, "\(gift.body)")
        return (table, tokens)
    }

    private func hand(_ name: String, _ table: TestTable, _ tokens: [String: String]) async throws -> [String] {
        try await send("GET", table.deckURL + "/pile/\(name)/list/", token: tokens[name]).pileCodes(name)
    }

    private func takeBack(_ table: TestTable, token: String?, key: String? = nil) async throws -> RawAnswer {
        try await sendForm(
            table.deckURL + "/player/bob/take-back/", form: [], token: token,
            headers: key.map { ["Idempotency-Key": $0] } ?? [:])
    }

    @Test func theGiverTakesTheGiftBackWhileTheReceiverHasNotMoved() async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await aliceGaveBobTheAce(on: server)
        let watcher = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { watcher.close() }
        _ = try await onOwnThread { try watcher.events(atLeast: 1) }
        let before = try await send("GET", table.deckURL + "/")

        let taken = try await takeBack(table, token: tokens["alice"])
        #expect(taken.status == 200, "\(taken.body)")
        #expect(taken.pileCodes("alice") == ["4S", "AS"])
        #expect(try await hand("bob", table, tokens) == ["2S", "5S"])
        #expect(taken.etag != before.etag)
        // One event, which the spectator sees as one card going from bob's hand to alice's.
        #expect(
            try await sendForm(table.deckURL + "/draw/", form: [("count", "1")], token: tokens["alice"]).status == 200)
        let events = try await onOwnThread { try watcher.events(atLeast: 3) }.filter { $0.kind != "hello" }
        #expect(events.map(\.kind) == ["pile_add", "draw"])
        let moved = events.first?.object["moved"] as? [[String: Any]] ?? []
        #expect(moved.count == 1)
        #expect(moved.first?["from"] as? String == "bob" && moved.first?["to"] as? String == "alice")
        #expect(moved.first?["count"] as? Int == 1 && moved.first?["cards"] == nil)
        // Taken back once: there is no gift left to take back.
        #expect(try await takeBack(table, token: tokens["alice"]).status == 409)
    }

    @Test(arguments: [
        "/pile/centre/add/?cards=AS&from=bob",  // the given card
        "/pile/centre/add/?cards=5S&from=bob",  // another card
        "/pile/bob/shuffle/",  // the hand, reordered
        "/draw/?count=1",  // a change that does not touch the hand
    ])
    func afterTheReceiverMovesTheTakeBackIsRefusedAlikeAndChangesNothing(move: String) async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await aliceGaveBobTheAce(on: server)
        #expect(try await send("GET", table.deckURL + move, token: tokens["bob"]).status == 200)
        let before = try await send("GET", table.deckURL + "/pile/alice/list/", token: tokens["alice"])
        let bobBefore = try await hand("bob", table, tokens)

        let refused = try await takeBack(table, token: tokens["alice"])
        #expect(refused.status == 409)
        #expect(refused.error == Self.refusal)
        let after = try await send("GET", table.deckURL + "/pile/alice/list/", token: tokens["alice"])
        #expect(after.etag == before.etag, "no change counted")
        #expect(after.body == before.body)
        #expect(try await hand("bob", table, tokens) == bobBefore)
    }

    @Test func nobodyButTheGiverMayTakeTheGiftBack() async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await aliceGaveBobTheAce(on: server)
        let before = try await send("GET", table.deckURL + "/").etag
        // Another player, the receiver, nobody (a spectator), a made-up token, a GET (a link preview).
        #expect(try await takeBack(table, token: tokens["carol"]).status == 409)
        #expect(try await takeBack(table, token: nil).status == 401)
        #expect(try await takeBack(table, token: String(repeating: "x", count: 43)).status == 401)
        #expect(try await send("GET", table.deckURL + "/player/bob/take-back/", token: tokens["alice"]).status == 405)
        let bobTakesHisOwn = try await sendForm(
            table.deckURL + "/player/alice/take-back/", form: [], token: tokens["bob"])
        #expect(bobTakesHisOwn.status == 409)
        #expect(try await send("GET", table.deckURL + "/").etag == before, "nothing changed")
        #expect(try await hand("bob", table, tokens) == ["2S", "5S", "AS"])
        // The giver still may.
        #expect(try await takeBack(table, token: tokens["alice"]).status == 200)
    }

    @Test func aResentTakeBackIsMadeOnce() async throws {
        let server = try await TestServer.start()
        let (table, tokens) = try await aliceGaveBobTheAce(on: server)
        let key = "test-key-take-back-0123456789abcdef"
        let first = try await takeBack(table, token: tokens["alice"], key: key)
        let again = try await takeBack(table, token: tokens["alice"], key: key)
        #expect(first.status == 200 && !first.replayed)
        #expect(again.status == 200 && again.replayed && again.body == first.body && again.etag == first.etag)
        #expect(try await send("GET", table.deckURL + "/").etag == first.etag, "one change")
        #expect(try await hand("alice", table, tokens) == ["4S", "AS"])
    }
}
