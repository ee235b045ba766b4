import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Pile endpoints against riffle serve")
struct PileEndpointTests {
    static let aceToFive = CardList.parse("AS,2S,3S,4S,5S")

    @Test("Add, list (creation order, cards only for the named pile), shuffle, return")
    func pileFlow() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            _ = try await client.draw(deckID: id, count: 5)
            let added = try await client.addToPile(deckID: id, pile: "discard", cards: Array(Self.aceToFive.prefix(3)))
            #expect(added.remaining == 47)
            #expect(added.piles.map(\.name) == ["discard"])
            #expect(added.piles[named: "discard"]?.remaining == 3)
            _ = try await client.addToPile(deckID: id, pile: "hand", cards: [Self.aceToFive[3]])
            _ = try await client.addToPile(deckID: id, pile: "a-first_name", cards: [Self.aceToFive[4]])

            let listed = try await client.listPile(deckID: id, pile: "discard")
            #expect(listed.piles.map(\.name) == ["discard", "hand", "a-first_name"])
            #expect(listed.piles.map(\.remaining) == [3, 1, 1])
            #expect(listed.piles[named: "discard"]?.cards?.codes == ["AS", "2S", "3S"])
            #expect(listed.piles[named: "hand"]?.cards == nil)

            let shuffled = try await client.shufflePile(deckID: id, pile: "discard")
            #expect(shuffled.piles[named: "discard"]?.remaining == 3)
            let afterShuffle = try await client.listPile(deckID: id, pile: "discard")
            #expect(Set(afterShuffle.piles[named: "discard"]?.cards?.codes ?? []) == ["AS", "2S", "3S"])

            let returned = try await client.returnPile(deckID: id, pile: "discard")
            #expect(returned.remaining == 50)
            #expect(returned.piles[named: "discard"]?.remaining == 0)
            let partly = try await client.returnPile(deckID: id, pile: "hand", cards: [Self.aceToFive[3]])
            #expect(partly.remaining == 51)
        }
    }

    @Test("Pile draws: top in pile order, bottom first-added first, random, named cards; no top-level remaining")
    func pileDraws() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            _ = try await client.draw(deckID: id, count: 5)
            _ = try await client.addToPile(deckID: id, pile: "p", cards: Self.aceToFive)
            let top = try await client.drawFromPile(deckID: id, pile: "p", count: 2)
            #expect(top.cards.codes == ["4S", "5S"])
            #expect(top.remaining == nil)
            #expect(top.piles == [PileSummary(name: "p", remaining: 3)])
            let bottom = try await client.drawFromPile(deckID: id, pile: "p", count: 1, from: .bottom)
            #expect(bottom.cards.codes == ["AS"])
            let named = try await client.drawFromPile(deckID: id, pile: "p", cards: [.standard(.three, .spades)])
            #expect(named.cards.codes == ["3S"])
            let random = try await client.drawFromPile(deckID: id, pile: "p", count: 1, from: .random)
            #expect(random.cards.codes == ["2S"])
            #expect(random.piles[named: "p"]?.remaining == 0)
        }
    }

    @Test("Adding a card moves it out of its old pile; cards still in the stack are ignored")
    func addMovesBetweenPiles() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            _ = try await client.draw(deckID: id, count: 2)
            _ = try await client.addToPile(
                deckID: id, pile: "one", cards: [.standard(.ace, .spades), .standard(.two, .spades)])
            let moved = try await client.addToPile(
                deckID: id, pile: "two", cards: [.standard(.ace, .spades), .standard(.king, .hearts)])
            #expect(moved.piles.map(\.remaining) == [1, 1])
            #expect(moved.remaining == 50)
        }
    }
}
