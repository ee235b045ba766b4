import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite struct DeckEndpointTests {
    @Test func newDeckIsUnshuffledAndWellFormed() async throws {
        try await withTestApplication { client in
            let response = try await client.json("/api/deck/new/")
            #expect(response.status == .ok)
            #expect(Set(response.object.keys) == ["success", "deck_id", "remaining", "shuffled"])
            #expect(response.success == true)
            #expect(response.remaining == 52)
            #expect(response["shuffled"] as? Bool == false)
            #expect(response.deckID.range(of: "^[a-z0-9]{12}$", options: .regularExpression) != nil)
            let alias = try await client.json("/api/new/")
            #expect(alias.success == true && alias.deckID != response.deckID)
            let shuffled = try await client.json("/api/shuffle/?deck_count=2")
            #expect(shuffled["shuffled"] as? Bool == true && shuffled.remaining == 104)
        }
    }

    @Test func theSeedFlowFromNewDeckToPileDraws() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            let first = try await client.json("/api/deck/\(id)/draw/?count=1")
            #expect(first.codes == ["AS"])
            #expect(Set(first.object.keys) == ["success", "deck_id", "cards", "remaining"])
            let card = try #require(first.cards.first)
            #expect(Set(card.keys) == ["code", "image", "images", "value", "suit"])
            #expect(card["image"] as? String == "http://cards.test/static/img/AS.png")
            #expect(
                (card["images"] as? [String: String]) == [
                    "svg": "http://cards.test/static/img/AS.svg", "png": "http://cards.test/static/img/AS.png",
                ])
            #expect(card["value"] as? String == "ACE" && card["suit"] as? String == "SPADES")

            let reshuffled = try await client.json("/api/deck/\(id)/shuffle/")
            #expect(reshuffled.remaining == 52 && reshuffled["shuffled"] as? Bool == true)
            let ten = try await client.json("/api/deck/\(id)/draw/?count=10")
            #expect(ten.codes.count == 10 && ten.remaining == 42)

            let pileAdd = try await client.json(
                "/api/deck/\(id)/pile/hand/add/?cards=" + ten.codes.joined(separator: ","))
            #expect(pileAdd.pileRemaining("hand") == 10)
            #expect(Set(pileAdd.object.keys) == ["success", "deck_id", "remaining", "piles"])
            let named = ten.codes[3]
            let drawNamed = try await client.json("/api/deck/\(id)/pile/hand/draw/?cards=\(named)")
            #expect(drawNamed.codes == [named])
            #expect(Set(drawNamed.object.keys) == ["success", "deck_id", "cards", "piles"])
            #expect(drawNamed.pileRemaining("hand") == 9)
            let top = try await client.json("/api/deck/\(id)/pile/hand/draw/?count=2")
            #expect(top.codes == Array(ten.codes.filter { $0 != named }.suffix(2)))
            let bottom = try await client.json("/api/deck/\(id)/pile/hand/draw/bottom/")
            #expect(bottom.codes == [ten.codes[0]])
            let list = try await client.json("/api/deck/\(id)/pile/hand/list/")
            #expect(list.pileCodes("hand") == Array(ten.codes.filter { $0 != named }.dropFirst().dropLast(2)))
        }
    }

    @Test func aceOfDiamondsImagesAreNamedAceDiamonds() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck("?cards=AD")
            let draw = try await client.json("/api/deck/\(id)/draw/")
            #expect(draw.cards.first?["image"] as? String == "http://cards.test/static/img/aceDiamonds.png")
        }
    }

    @Test func partialDecksAreRememberedByFullReshuffles() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck("?cards=AS,2S,KH,zz,as&deck_count=2")
            #expect(try await client.json("/api/deck/\(id)/").remaining == 8)
            _ = try await client.json("/api/deck/\(id)/draw/?count=3")
            let reshuffled = try await client.json("/api/deck/\(id)/shuffle/")
            #expect(reshuffled.remaining == 8)
            let all = try await client.json("/api/deck/\(id)/draw/?count=8")
            #expect(all.codes.sorted() == ["2S", "2S", "AS", "AS", "AS", "AS", "KH", "KH"])
            // Jokers belong to a partial deck only when enabled in the request (or the deck).
            let withoutJokers = try await client.json("/api/deck/\(id)/shuffle/?cards=X1,X2,KD")
            #expect(withoutJokers.remaining == 2)
            let replaced = try await client.json("/api/deck/\(id)/shuffle/?cards=X1,X2&jokers_enabled=true")
            #expect(replaced.remaining == 4)
        }
    }

    @Test func jokersFollowEachCopyAndCanBeSwitched() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck("?jokers_enabled=true&deck_count=2")
            let all = try await client.json("/api/deck/\(id)/draw/?count=108")
            #expect(all.codes.count == 108)
            #expect(Array(all.codes[52...54]) == ["X1", "X2", "AS"])
            let joker = try #require(all.cards.first { $0["code"] as? String == "X2" })
            #expect(joker["value"] as? String == "JOKER" && joker["suit"] as? String == "RED")
            let switched = try await client.json("/api/deck/\(id)/shuffle/?jokers_enabled=false")
            #expect(switched.remaining == 104)
            #expect(try await client.json("/api/deck/\(id)/shuffle/").remaining == 104)
        }
    }

    @Test func newDeckAndDrawInOneRequest() async throws {
        try await withTestApplication { client in
            let response = try await client.json("/api/deck/new/draw/?count=5&jokers_enabled=true")
            #expect(response.success == true && response.codes.count == 5 && response.remaining == 49)
            #expect(try await client.json("/api/deck/\(response.deckID)/").remaining == 49)
        }
    }

    @Test func shufflingTheRemainderKeepsPiles() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            _ = try await client.json("/api/deck/\(id)/draw/?count=2")
            _ = try await client.json("/api/deck/\(id)/pile/p/add/?cards=AS")
            let response = try await client.json("/api/deck/\(id)/shuffle/?remaining=TRUE")
            #expect(response.remaining == 50)
            #expect(try await client.json("/api/deck/\(id)/pile/p/list/").pileCodes("p") == ["AS"])
            let full = try await client.json("/api/deck/\(id)/shuffle/")
            #expect(full.remaining == 52)
            #expect(try await client.json("/api/deck/\(id)/pile/p/list/").status == .notFound)
        }
    }

    @Test func returningCardsAndTheDrawnExtension() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            _ = try await client.json("/api/deck/\(id)/draw/?count=4")
            _ = try await client.json("/api/deck/\(id)/pile/p/add/?cards=2S")
            let drawn = try await client.json("/api/deck/\(id)/drawn/")
            #expect(drawn.codes == ["AS", "3S", "4S"] && drawn.remaining == 48)
            let partial = try await client.json("/api/deck/\(id)/return/?cards=3S,2S,KH")
            #expect(partial.remaining == 49)
            #expect(Set(partial.object.keys) == ["success", "deck_id", "remaining"])
            let rest = try await client.json("/api/deck/\(id)/return/")
            #expect(rest.remaining == 51)
            let bottom = try await client.json("/api/deck/\(id)/draw/bottom/?count=3")
            #expect(bottom.codes == ["4S", "AS", "3S"])
        }
    }

    @Test func drawingAtRandomTakesDistinctCards() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            let response = try await client.json("/api/deck/\(id)/draw/random/?count=20")
            #expect(Set(response.codes).count == 20 && response.remaining == 32)
        }
    }

    @Test func pilesWorkWithSeveralDecks() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck("?deck_count=3")
            _ = try await client.json("/api/deck/\(id)/draw/?count=1")
            let add = try await client.json("/api/deck/\(id)/pile/aces/add/?cards=AS")
            #expect(add.pileRemaining("aces") == 1)
            _ = try await client.json("/api/deck/\(id)/draw/?count=52")
            let second = try await client.json("/api/deck/\(id)/pile/aces/add/?cards=AS,AS,AS")
            #expect(second.pileRemaining("aces") == 2)
            let back = try await client.json("/api/deck/\(id)/pile/aces/return/?cards=AS")
            #expect(back.pileRemaining("aces") == 1 && back.remaining == 104)
            let returned = try await client.json("/api/deck/\(id)/return/?cards=2S")
            #expect(returned.remaining == 105)
        }
    }

    @Test func pileOperationsKeepCreationOrder() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            _ = try await client.json("/api/deck/\(id)/draw/?count=6")
            _ = try await client.json("/api/deck/\(id)/pile/zeta/add/?cards=AS,2S")
            _ = try await client.json("/api/deck/\(id)/pile/alpha/add/?cards=3S")
            let moved = try await client.json("/api/deck/\(id)/pile/alpha/add/?cards=2S")
            #expect(moved.pileRemaining("zeta") == 1 && moved.pileRemaining("alpha") == 2)
            let order = moved.body.range(of: "\"zeta\"")!.lowerBound < moved.body.range(of: "\"alpha\"")!.lowerBound
            #expect(order)
            let shuffled = try await client.json("/api/deck/\(id)/pile/alpha/shuffle/")
            #expect(shuffled.pileRemaining("alpha") == 2 && shuffled.remaining == 46)
            let random = try await client.json("/api/deck/\(id)/pile/alpha/draw/random/")
            #expect(random.codes.count == 1 && random.pileRemaining("alpha") == 1)
            let returned = try await client.json("/api/deck/\(id)/pile/alpha/return/")
            #expect(returned.pileRemaining("alpha") == 0 && returned.remaining == 47)
        }
    }
}
