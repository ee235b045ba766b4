import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@Suite("Deck endpoints against riffle serve")
struct DeckEndpointTests {
    @Test("New unshuffled deck, draw from the top, info")
    func newDrawInfo() async throws {
        try await withTestServer { client, server in
            let deck = try await client.newDeck()
            #expect(deck.remaining == 52)
            #expect(!deck.shuffled)
            #expect(deck.deckID.count == 12)
            let draw = try await client.draw(deckID: deck.deckID, count: 3)
            #expect(draw.cards.codes == ["AS", "2S", "3S"])
            #expect(draw.remaining == 49)
            #expect(draw.shortfall == nil)
            #expect(draw.cards[0].value == "ACE" && draw.cards[0].suit == "SPADES")
            let image = try #require(draw.cards[0].imageURL)
            #expect(image.absoluteString.hasPrefix(server.baseURL))
            #expect(draw.cards[0].images?.svg?.hasSuffix(".svg") == true)
            #expect(
                try await client.deckInfo(deckID: deck.deckID)
                    == DeckStatus(deckID: deck.deckID, remaining: 49, shuffled: false, changeNumber: 1))
        }
    }

    @Test("New shuffled deck with several decks and jokers; partial decks")
    func newDeckVariants() async throws {
        try await withTestServer { client, _ in
            let shoe = try await client.newDeck(shuffled: true, deckCount: 2, jokersEnabled: true)
            #expect(shoe.remaining == 108)
            #expect(shoe.shuffled)
            let partial = try await client.newDeck(cards: [
                .standard(.ace, .spades), .standard(.king, .hearts), .joker(.black),
            ])
            #expect(partial.remaining == 3)
            let all = try await client.draw(deckID: partial.deckID, count: 3)
            #expect(
                Set(all.cards.map(\.card)) == [.standard(.ace, .spades), .standard(.king, .hearts), .joker(.black)])
            #expect(all.cards.first { $0.card == .joker(.black) }?.suit == "BLACK")
            let dealt = try await client.newDeckAndDraw(count: 2)
            #expect(dealt.cards.count == 2)
            #expect(dealt.remaining == 50)
        }
    }

    @Test("Draws from the bottom and at random; the drawn list")
    func bottomRandomDrawn() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            let bottom = try await client.draw(deckID: id, count: 2, from: .bottom)
            #expect(bottom.cards.codes == ["KH", "QH"])
            #expect(bottom.remaining == 50)
            let random = try await client.draw(deckID: id, count: 3, from: .random)
            #expect(random.cards.count == 3)
            #expect(random.remaining == 47)
            let drawn = try await client.drawnCards(deckID: id)
            #expect(Set(drawn.cards.codes) == Set(bottom.cards.codes + random.cards.codes))
            #expect(drawn.remaining == 47)
        }
    }

    @Test("Return some or all drawn cards to the bottom")
    func returnCards() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            _ = try await client.draw(deckID: id, count: 5)
            let some = try await client.returnCards(deckID: id, cards: [.standard(.ace, .spades)])
            #expect(some == ReturnResult(deckID: id, remaining: 48, changeNumber: 2))
            #expect(try await client.draw(deckID: id, count: 1, from: .bottom).cards.codes == ["AS"])
            let all = try await client.returnCards(deckID: id)
            #expect(all.remaining == 52)
            #expect(try await client.drawnCards(deckID: id).cards.isEmpty)
        }
    }

    @Test("A full reshuffle brings every card back and clears piles; --remaining leaves them")
    func reshuffle() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            _ = try await client.draw(deckID: id, count: 5)
            _ = try await client.addToPile(
                deckID: id, pile: "keep", cards: [.standard(.ace, .spades), .standard(.two, .spades)])
            let remainingOnly = try await client.shuffle(deckID: id, remainingOnly: true)
            #expect(remainingOnly.remaining == 47)
            #expect(remainingOnly.shuffled)
            #expect(try await client.listPile(deckID: id, pile: "keep").piles[named: "keep"]?.remaining == 2)
            let full = try await client.shuffle(deckID: id)
            #expect(full == DeckStatus(deckID: id, remaining: 52, shuffled: true, changeNumber: 4))
            let error = await #expect(throws: DeckClientError.self) {
                try await client.listPile(deckID: id, pile: "keep")
            }
            #expect(error?.code == .pileNotFound)
        }
    }

    @Test("The over-draw answer: every remaining card dealt, remaining 0, the message kept")
    func overDraw() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            _ = try await client.draw(deckID: id, count: 50)
            let short = try await client.draw(deckID: id, count: 5)
            #expect(short.cards.codes == ["QH", "KH"])
            #expect(short.remaining == 0)
            #expect(short.shortfall == "Not enough cards remaining to draw 5 additional")
            #expect(try await client.deckInfo(deckID: id).remaining == 0)
            let raw = try await client.send(.draw(deckID: id, count: 1))
            #expect(raw.status == 200)
        }
    }
}
