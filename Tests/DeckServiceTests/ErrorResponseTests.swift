import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct ErrorResponseTests {
    @Test func unknownDecksAre404() async throws {
        try await withTestApplication { client in
            for path in [
                "/api/deck/aaaaaaaaaaaa/", "/api/draw/new/", "/api/deck/NOTLOWERCASE/draw/", "/api/deck/x/return/",
            ] {
                let response = try await client.json(path)
                #expect(response.status == .notFound)
                #expect(response.success == false && response.error == "Deck ID does not exist.")
                #expect(Set(response.object.keys) == ["success", "error"])
            }
        }
    }

    @Test func deckCountOutOfRangeAnswers200WithTheAPIMessage() async throws {
        try await withTestApplication { client in
            let tooMany = try await client.json("/api/deck/new/?deck_count=21")
            #expect(tooMany.status == .ok && tooMany.success == false)
            #expect(tooMany.error == "The max number of Decks is 20.")
            let tooFew = try await client.json("/api/deck/new/shuffle/?deck_count=0")
            #expect(tooFew.status == .ok && tooFew.error == "The min number of Decks is 1.")
            #expect(
                try await client.json("/api/deck/new/draw/?deck_count=21").error == "The max number of Decks is 20.")
        }
    }

    @Test func overdrawingDealsTheRestAndSaysSo() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck("?cards=AS,2S")
            let response = try await client.json("/api/deck/\(id)/draw/?count=5")
            #expect(response.status == .ok && response.success == false)
            #expect(response.error == "Not enough cards remaining to draw 5 additional")
            #expect(response.codes == ["AS", "2S"] && response.remaining == 0 && response.deckID == id)
            #expect(try await client.json("/api/deck/\(id)/").remaining == 0)
        }
    }

    @Test func pileErrorsAre404AndChangeNothing() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            _ = try await client.json("/api/deck/\(id)/draw/?count=3")
            _ = try await client.json("/api/deck/\(id)/pile/p/add/?cards=AS,2S")
            let tooMany = try await client.json("/api/deck/\(id)/pile/p/draw/?count=3")
            #expect(tooMany.status == .notFound && tooMany.error == "Not enough cards remaining to draw 3 additional")
            let missing = try await client.json("/api/deck/\(id)/pile/p/draw/?cards=AS,3S")
            #expect(missing.status == .notFound && missing.error == "The pile, p does not contain the requested cards.")
            let noCards = try await client.json("/api/deck/\(id)/pile/p/add/")
            #expect(noCards.status == .notFound && noCards.error == "You must specify cards to add to the pile.")
            // An empty list is not a missing one: the pile is there, unchanged.
            let emptyCards = try await client.json("/api/deck/\(id)/pile/p/add/?cards=")
            #expect(emptyCards.status == .ok && emptyCards.pileRemaining("p") == 2)
            for error in [tooMany, missing, noCards] { #expect(Set(error.object.keys) == ["success", "error"]) }
            for action in ["return/", "list/", "shuffle/", "draw/", "draw/bottom/", "draw/random/", "draw/Sideways/"] {
                let unknown = try await client.json("/api/deck/\(id)/pile/nope/" + action)
                #expect(unknown.status == .notFound && unknown.error == "The pile, nope does not exist.")
                #expect(Set(unknown.object.keys) == ["success", "error"])
            }
            let list = try await client.json("/api/deck/\(id)/pile/p/list/")
            #expect(list.pileCodes("p") == ["AS", "2S"] && list.remaining == 49)
            #expect(list.piles.keys.sorted() == ["p"])
        }
    }

    @Test(arguments: ["abc", "", "2.5", "undefined", "-1", "1%200"])
    func badCountsAre400AndChangeNothing(count: String) async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            let response = try await client.json("/api/deck/\(id)/draw/?count=" + count)
            #expect(response.status == .badRequest && response.success == false)
            #expect(response.error?.contains("'count'") == true)
            #expect(try await client.json("/api/deck/\(id)/").remaining == 52)
            let newDeck = try await client.json("/api/deck/new/?deck_count=" + count)
            if count != "-1" {
                #expect(newDeck.status == .badRequest && newDeck.error?.contains("'deck_count'") == true)
            }
        }
    }

    @Test func badPileNamesAndOversizedInputAre4xx() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            let badName = try await client.json("/api/deck/\(id)/pile/no%20way/add/?cards=AS")
            #expect(badName.status == .badRequest && badName.error?.contains("pile name") == true)
            let longName = String(repeating: "p", count: 65)
            #expect(try await client.json("/api/deck/\(id)/pile/\(longName)/add/?cards=AS").status == .badRequest)
            let okName = String(repeating: "p", count: 64)
            #expect(try await client.json("/api/deck/\(id)/pile/\(okName)/add/?cards=AS").status == .ok)
            let manyCards = Array(repeating: "AS", count: 1_101).joined(separator: ",")
            let tooMany = try await client.json("/api/deck/\(id)/return/?cards=" + manyCards)
            #expect(tooMany.status == .badRequest && tooMany.error?.contains("1100") == true)
            let hugeQuery = try await client.json("/api/deck/\(id)/return/?x=" + String(repeating: "a", count: 17_000))
            #expect(hugeQuery.status == .uriTooLong)
            let hugeBody = try await client.json(
                "/api/deck/\(id)/draw/", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: "count=1&pad=" + String(repeating: "a", count: 17_000))
            #expect(hugeBody.status == .contentTooLarge)
            #expect(try await client.json("/api/deck/\(id)/").remaining == 52)
        }
    }

    @Test func unmatchedPathsAreJSON404s() async throws {
        try await withTestApplication { client in
            for path in ["/api/", "/api/deck/", "/nothing/here", "/api/deck/abc/fly/", "/static/img/ZZ.png"] {
                let response = try await client.json(path)
                #expect(response.status == .notFound && response.success == false)
            }
        }
    }
}
