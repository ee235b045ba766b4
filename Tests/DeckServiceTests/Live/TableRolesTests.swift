import Foundation
import RiffleTestSupport
import Testing

/// Roles on a seated deck, over real HTTP: only players change it, only the host starts a new
/// round or removes others, joining never takes cards, and piles are bounded.
@Suite(.stopsItsServers) struct TableRolesTests {
    /// What anyone can read of a deck: its summary, its public piles, the drawn cards and the
    /// change number (the `id` of a new event stream's hello).
    private func observable(_ table: TestTable, port: Int) async throws -> String {
        let stream = try await onOwnThread {
            try EventStreamReader(port: port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        let hello = try #require(try await onOwnThread { try stream.events(atLeast: 1) }.first)
        let info = try await send("GET", table.deckURL + "/").body
        let drawn = try await send("GET", table.deckURL + "/drawn/").body
        return "\(hello.id ?? -1) \(hello.data) \(info) \(drawn)"
    }

    @Test(arguments: StoreBackend.server) func changesWithoutAPlayersTokenAre401AndChangeNothing(
        backend: StoreBackend
    ) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        #expect(try await send("GET", table.deckURL + "/pile/alice/deal/?count=3", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=2", token: alice).status == 200)
        let before = try await observable(table, port: server.port)
        for path in [
            "/shuffle/", "/shuffle/?remaining=true", "/draw/?count=2", "/draw/bottom/", "/draw/random/",
            "/pile/alice/deal/?count=2", "/pile/centre/deal/?count=1", "/return/", "/pile/centre/add/?cards=AS",
            "/pile/centre/shuffle/", "/pile/centre/draw/", "/pile/centre/return/",
        ] {
            let answer = try await send("GET", table.deckURL + path)
            #expect(answer.status == 401, "\(path)")
            #expect(answer.object["success"] as? Bool == false)
            #expect(answer.error?.contains("players") == true)
        }
        #expect(try await send("DELETE", table.deckURL + "/player/alice/").status == 401)
        #expect(try await observable(table, port: server.port) == before)
        // Reading stays open.
        #expect(try await send("GET", table.deckURL + "/pile/centre/list/").pileCodes("centre") == ["4S", "5S"])
    }

    @Test func onlyTheHostReshufflesTheWholeDeckAndTheRoundKeepsTheTable() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        #expect(try await send("GET", table.deckURL + "/pile/bob/deal/?count=3", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=2", token: bob).status == 200)
        let refused = try await send("GET", table.deckURL + "/shuffle/", token: bob)
        #expect(refused.status == 403)
        #expect(refused.error?.contains("alice") == true)
        #expect(try await send("GET", table.deckURL + "/").object["remaining"] as? Int == 47)
        #expect(try await send("GET", table.deckURL + "/shuffle/?remaining=true", token: bob).status == 200)

        let round = try await send("GET", table.deckURL + "/shuffle/", token: alice)
        #expect(round.status == 200)
        #expect(round.object["remaining"] as? Int == 52)
        let piles = try await send("GET", table.deckURL + "/pile/centre/list/", token: bob).piles
        #expect(Set(piles.keys) == ["alice", "bob", "centre"])
        #expect(piles.values.allSatisfy { $0["remaining"] as? Int == 0 })
        #expect(piles["bob"]?["private"] as? Bool == true)
        // Both are still seated: their tokens still work.
        #expect(try await send("GET", table.deckURL + "/pile/bob/deal/?count=1", token: bob).status == 200)
    }

    @Test func removingAndLeaving() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        let carol = try await table.join("carol")
        #expect(try await send("GET", table.deckURL + "/pile/bob/deal/?count=4", token: alice).status == 200)
        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }

        // Carol may not remove Bob; nobody may remove a player who is not seated.
        #expect(try await send("DELETE", table.deckURL + "/player/bob/", token: carol).status == 403)
        #expect(try await send("DELETE", table.deckURL + "/player/dave/", token: alice).status == 404)
        // The host removes Bob: his hand is shuffled into the stack, his pile and token are gone.
        let removed = try await send("DELETE", table.deckURL + "/player/bob/", token: alice)
        #expect(removed.status == 200)
        #expect(removed.object["remaining"] as? Int == 52)
        #expect(removed.piles["bob"] == nil)
        let bottom = try await send("GET", table.deckURL + "/draw/bottom/?count=4", token: carol)
        #expect(bottom.codes.count == 4 && bottom.codes != ["4S", "3S", "2S", "AS"])
        let refused = try await send("GET", table.deckURL + "/pile/centre/deal/?count=1", token: bob)
        #expect(refused.status == 401)
        #expect(try await send("GET", table.deckURL + "/", token: bob).status == 401)
        let events = try await onOwnThread { try stream.events(atLeast: 3) }
        #expect(events.map(\.kind) == ["hello", "leave", "draw"])
        let leave = events[1].object
        #expect(leave["player"] as? String == "bob")
        let moved = leave["moved"] as? [[String: Any]] ?? []
        #expect(moved.count == 1)
        #expect(moved.first?["count"] as? Int == 4)
        #expect(moved.first?["cards"] == nil)

        // The host leaves: Carol hosts now, and only she starts a new round.
        #expect(try await send("DELETE", table.deckURL + "/player/alice/", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/", token: alice).status == 401)
        let hello = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { hello.close() }
        let opening = try #require(try await onOwnThread { try hello.events(atLeast: 1) }.first)
        #expect(opening.object["host"] as? String == "carol")
        #expect(try await send("GET", table.deckURL + "/shuffle/", token: carol).status == 200)
    }

    @Test func joiningNeverTakesCards() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=2").status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/empty/deal/?count=0").status == 200)
        let taken = try await send("POST", table.deckURL + "/player/centre/")
        #expect(taken.status == 409)
        #expect(taken.object["token"] == nil)
        #expect(try await send("GET", table.deckURL + "/pile/centre/list/").pileCodes("centre") == ["AS", "2S"])
        let empty = try await send("POST", table.deckURL + "/player/empty/")
        #expect(empty.status == 200)
        #expect(empty.piles["empty"]?["private"] as? Bool == true)
    }

    @Test func the257thPileIsRefused() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        for index in 0..<256 {
            #expect(try await send("GET", table.deckURL + "/pile/p\(index)/deal/?count=0").status == 200)
        }
        let before = try await send("GET", table.deckURL + "/pile/p0/list/").body
        for (method, path) in [
            ("GET", "/pile/extra/add/?cards=AS"), ("GET", "/pile/extra/deal/?count=1"), ("POST", "/player/extra/"),
        ] {
            let answer = try await send(method, table.deckURL + path)
            #expect(answer.status == 400, "\(path)")
            #expect(answer.error?.contains("256") == true)
        }
        #expect(try await send("GET", table.deckURL + "/pile/p0/list/").body == before)
        #expect(try await send("GET", table.deckURL + "/pile/p0/deal/?count=1").status == 200)
    }

    @Test func aTakeThatLostTheRaceSaysSoAndChangesNothing() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=2", token: alice).status == 200)
        let won = try await send("GET", table.deckURL + "/pile/alice/add/?cards=AS&from=centre", token: alice)
        #expect(won.status == 200)
        #expect(won.pileCodes("alice") == ["AS"])
        let lost = try await send("GET", table.deckURL + "/pile/bob/add/?cards=AS&from=centre", token: bob)
        #expect(lost.status == 404)
        #expect(lost.object["success"] as? Bool == false)
        #expect(lost.error == "The card AS is not in the pile centre any more; nothing was moved.")
        // Without from=: the card is in Alice's hand, which Bob cannot see, so it is not there for him.
        let hidden = try await send("GET", table.deckURL + "/pile/bob/add/?cards=2S,AS", token: bob)
        #expect(hidden.status == 404)
        #expect(hidden.error?.contains("AS") == true)
        #expect(try await send("GET", table.deckURL + "/pile/centre/list/").pileCodes("centre") == ["2S"])
        #expect(try await send("GET", table.deckURL + "/pile/bob/add/?cards=AS&from=alice", token: bob).status == 403)
        // A plain deck keeps the public API's silent ignore.
        let plain = try await TestTable.create(on: server.baseURL)
        let ignored = try await send("GET", plain.deckURL + "/pile/centre/add/?cards=AS")
        #expect(ignored.status == 200)
        #expect(ignored.piles["centre"]?["remaining"] as? Int == 0)
    }
}
