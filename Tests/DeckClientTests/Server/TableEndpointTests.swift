import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Live tables against riffle serve: join, deal, tokens")
struct TableEndpointTests {
    @Test("Join makes a private hand; a face-down deal shows its cards only to the owner")
    func joinAndDeal() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck(shuffled: true).deckID
            let ana = try await client.join(deckID: id, player: "ana")
            let bo = try await client.join(deckID: id, player: "bo")
            #expect(ana.player == "ana")
            #expect(ana.deckID == id)
            #expect(ana.token != bo.token)
            #expect(ana.token.rawValue.count >= 22, "at least 128 bits of text")
            #expect(bo.piles[named: "ana"]?.isPrivate == true)
            #expect(bo.piles[named: "ana"]?.cards == nil)

            let asAna = client.withPlayer(ana.token)
            let asBo = client.withPlayer(bo.token)
            let deal = try await asAna.deal(deckID: id, pile: "bo", count: 5)
            #expect(deal.remaining == 47)
            #expect(deal.cards == nil, "Ana may not see the cards she dealt to Bo")
            #expect(deal.piles[named: "bo"]?.remaining == 5)
            #expect(deal.piles[named: "bo"]?.isPrivate == true)

            let bosHand = try #require(try await asBo.listPile(deckID: id, pile: "bo").piles[named: "bo"]?.cards)
            #expect(bosHand.count == 5)
            #expect(try await asAna.listPile(deckID: id, pile: "bo").piles[named: "bo"]?.cards == nil)
            #expect(try await client.listPile(deckID: id, pile: "bo").piles[named: "bo"]?.cards == nil)

            let own = try await asAna.deal(deckID: id, pile: "ana", count: 2)
            #expect(own.cards?.count == 2, "the owner sees the cards dealt to her")
            let centre = try await asAna.deal(deckID: id, pile: "centre", count: 1)
            #expect(centre.cards?.count == 1, "a public pile's deal shows its cards")
            #expect(centre.piles[named: "centre"]?.isPrivate == false)

            // Bo plays a card to the centre: anyone then sees it there.
            let played = bosHand[0].card
            _ = try await asBo.addToPile(deckID: id, pile: "centre", cards: [played])
            let listed = try await client.listPile(deckID: id, pile: "centre")
            #expect(listed.piles[named: "centre"]?.cards?.last?.card == played)
            #expect(listed.piles[named: "bo"]?.remaining == 4)
        }
    }

    @Test("Tokens: taken names 409, another player's hand 403, unknown and foreign tokens 401/403; nothing changes")
    func tokens() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck(shuffled: true).deckID
            let other = try await client.newDeck(shuffled: true).deckID
            let ana = try await client.join(deckID: id, player: "ana")
            let bo = try await client.join(deckID: id, player: "bo")
            let stranger = try await client.join(deckID: other, player: "ana")
            _ = try await client.withPlayer(ana.token).deal(deckID: id, pile: "ana", count: 3)

            let taken = try await #require(throws: DeckClientError.self) {
                try await client.join(deckID: id, player: "ana")
            }
            #expect(taken.code == .playerTaken)
            #expect(taken.httpStatus == 409)

            let forbidden = try await #require(throws: DeckClientError.self) {
                try await client.withPlayer(bo.token).drawFromPile(deckID: id, pile: "ana", count: 1)
            }
            #expect(forbidden.httpStatus == 403)
            #expect(forbidden.code == .forbidden)
            let anonymous = try await #require(throws: DeckClientError.self) {
                try await client.drawFromPile(deckID: id, pile: "ana", count: 1)
            }
            #expect(anonymous.httpStatus == 401, "a seated deck changes only through its players")
            for token in [PlayerToken("not-a-token"), stranger.token] {
                let refused = try await #require(throws: DeckClientError.self) {
                    try await client.withPlayer(token).drawFromPile(deckID: id, pile: "ana", count: 1)
                }
                #expect([401, 403].contains(refused.httpStatus ?? 0))
                #expect(!refused.message.contains(token.rawValue), "an error never repeats the token")
            }
            let after = try await client.withPlayer(ana.token).listPile(deckID: id, pile: "ana")
            #expect(after.piles[named: "ana"]?.cards?.count == 3, "nothing was taken")

            let beyond = try await #require(throws: DeckClientError.self) {
                try await client.withPlayer(ana.token).deal(deckID: id, pile: "bo", count: 50)
            }
            #expect(beyond.httpStatus.map { (400..<500).contains($0) } == true)
            #expect(try await client.deckInfo(deckID: id).remaining == 49, "a refused deal deals nothing")
        }
    }
}
