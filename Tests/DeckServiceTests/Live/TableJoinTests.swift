import DeckClient
import DeckService
import Foundation
import RiffleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Joining a table and proving who you are, over real HTTP against the real app.
@Suite(.stopsItsServers) struct TableJoinTests {
    @Test(arguments: StoreBackend.server) func joinAnswersATokenAndAPrivateHand(backend: StoreBackend) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        let table = try await TestTable.create(on: server.baseURL)
        let answer = try await send("POST", table.deckURL + "/player/alice/")
        #expect(answer.status == 200)
        #expect(answer.object["success"] as? Bool == true)
        #expect(answer.object["deck_id"] as? String == table.deckID)
        #expect(answer.object["player"] as? String == "alice")
        let token = try #require(answer.object["token"] as? String)
        #expect(token.count == 43)
        #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(answer.piles["alice"]?["private"] as? Bool == true)
        #expect(answer.piles["alice"]?["remaining"] as? Int == 0)

        let again = try await send("POST", table.deckURL + "/player/alice/")
        #expect(again.status == 409)
        #expect(again.object["success"] as? Bool == false)
        #expect(again.object["token"] == nil)
        let bob = try await table.join("bob")
        #expect(bob != token)
    }

    @Test func badJoinsAreRefusedAndChangeNothing() async throws {
        // All 64 seats from one address: past the default cap of joins per address and table.
        let server = try await TestServer.start { $0.limits.maximumJoinsPerClientPerTable = 65 }
        let table = try await TestTable.create(on: server.baseURL)
        #expect(try await send("POST", table.deckURL + "/player/al%20ice/").status == 400)
        #expect(
            try await send("POST", table.deckURL + "/player/" + String(repeating: "a", count: 65) + "/").status == 400)
        #expect(try await send("GET", table.deckURL + "/player/alice/").status == 405)
        #expect(try await send("POST", server.baseURL + "/api/deck/aaaaaaaaaaaa/player/alice/").status == 404)
        for seat in 0..<64 { _ = try await table.join("p\(seat)") }
        let full = try await send("POST", table.deckURL + "/player/one-too-many/")
        #expect(full.status == 400)
        #expect(full.error?.contains("64") == true)
        let piles = try await send("GET", table.deckURL + "/pile/p0/list/").piles
        #expect(piles.count == 64)
        #expect(piles["one-too-many"] == nil)
    }

    @Test func anEmptyPublicPileOfThePlayersNameBecomesTheHand() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        _ = try await send("GET", table.deckURL + "/draw/?count=2")
        _ = try await send("GET", table.deckURL + "/pile/alice/add/?cards=AS,2S")
        _ = try await send("GET", table.deckURL + "/pile/alice/draw/?count=2")
        let token = try await table.join("alice")
        let dealt = try await send("GET", table.deckURL + "/pile/alice/deal/?count=2", token: token)
        #expect(dealt.pileCodes("alice") == ["3S", "4S"])
        let spectator = try await send("GET", table.deckURL + "/pile/alice/list/")
        #expect(spectator.piles["alice"]?["private"] as? Bool == true)
        #expect(spectator.pileCodes("alice").isEmpty)
        let owner = try await send("GET", table.deckURL + "/pile/alice/list/", token: token)
        #expect(owner.pileCodes("alice") == ["3S", "4S"])
    }

    @Test func badTokensAreRefusedEverywhereAndChangeNothing() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let other = try await TestTable.create(on: server.baseURL)
        _ = try await table.join("alice")
        let otherToken = try await other.join("carol")
        let unknown = String(repeating: "A", count: 43)
        for token in [otherToken, unknown, "short", String(repeating: "!", count: 43)] {
            for path in [
                "/", "/draw/?count=3", "/drawn/", "/pile/alice/list/", "/pile/centre/deal/?count=2", "/shuffle/",
            ] {
                let answer = try await send("GET", table.deckURL + path, token: token)
                #expect(answer.status == 401, "\(path)")
                #expect(answer.object["success"] as? Bool == false)
                #expect(!answer.body.contains(token))
            }
        }
        var basic = URLRequest(url: URL(string: table.deckURL + "/draw/")!)
        basic.setValue("Basic YWxpY2U6c2VjcmV0", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.cancellableData(for: basic)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        let info = try await send("GET", table.deckURL + "/")
        #expect(info.object["remaining"] as? Int == 52)
        #expect(try await send("GET", table.deckURL + "/pile/centre/list/").status == 404)
    }

    @Test func aTokenOnAnotherPlayersHandIsForbidden() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        let dealt = try await send("GET", table.deckURL + "/pile/alice/deal/?count=3", token: bob)
        #expect(dealt.status == 200)
        #expect(dealt.object["cards"] == nil)
        for path in ["/pile/alice/draw/", "/pile/alice/draw/bottom/", "/pile/alice/shuffle/", "/pile/alice/return/"] {
            #expect(try await send("GET", table.deckURL + path, token: bob).status == 403, "\(path)")
            // Without a token the seated deck refuses any change first.
            #expect(try await send("GET", table.deckURL + path).status == 401, "\(path)")
        }
        let hand = try await send("GET", table.deckURL + "/pile/alice/list/", token: alice)
        #expect(hand.pileCodes("alice") == ["AS", "2S", "3S"])
        let played = try await send("GET", table.deckURL + "/pile/alice/draw/?cards=2S", token: alice)
        #expect(played.status == 200)
        #expect(played.codes == ["2S"])
    }
}
