import Foundation
import RiffleTestSupport
import Testing

/// The names events give the places of every deck are no player's (issue 41, finding 9): a player
/// called `deck` or `drawn` would make a spectator's move `deck` → `drawn` ambiguous.
@Suite struct ReservedPlayerNameTests {
    @Test func deckAndDrawnAreRefusedAsPlayerNamesInAnyCase() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            _ = try await table.join("alice")
            let before = try await send("GET", table.deckURL + "/")
            for name in ["deck", "drawn", "Deck", "DRAWN"] {
                let refused = try await send("POST", table.deckURL + "/player/" + name + "/")
                #expect(refused.status == 400, "\(name)")
                #expect(refused.object["success"] as? Bool == false)
                #expect(refused.error?.contains("choose another player name") == true, "\(refused.body)")
                #expect(refused.object["token"] == nil)
            }
            let after = try await send("GET", table.deckURL + "/")
            #expect(after.etag == before.etag)
            #expect(after.body == before.body)
            #expect(try await send("GET", table.deckURL + "/pile/deck/list/").status == 404)
            #expect(try await table.join("decks").isEmpty == false)
        }
    }
}
