import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Leaving, taking from one pile and change numbers against riffle serve")
struct SeatAndChangeNumberTests {
    @Test("The host removes a player and a player leaves; their hands go back, their tokens stop working")
    func removeAndLeave() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            let ana = client.withPlayer(try await client.join(deckID: id, player: "ana").token)
            let bo = client.withPlayer(try await client.join(deckID: id, player: "bo").token)
            let cy = client.withPlayer(try await client.join(deckID: id, player: "cy").token)
            _ = try await ana.deal(deckID: id, pile: "bo", count: 3)

            let refused = try await #require(throws: DeckClientError.self) {
                try await cy.removePlayer(deckID: id, player: "bo")
            }
            #expect(refused.code == .forbidden && refused.httpStatus == 403)
            let anonymous = try await #require(throws: DeckClientError.self) {
                try await client.removePlayer(deckID: id, player: "bo")
            }
            #expect(anonymous.code == .unauthorized)

            let removed = try await ana.removePlayer(deckID: id, player: "bo")
            #expect(removed.player == "bo" && removed.remaining == 52)
            #expect(removed.piles.map(\.name) == ["ana", "cy"])
            #expect(removed.changeNumber == 5, "three joins, a deal, the removal")
            let gone = try await #require(throws: DeckClientError.self) {
                try await bo.deal(deckID: id, pile: "bo", count: 1)
            }
            #expect(gone.code == .unauthorized)

            let left = try await cy.leave(deckID: id, player: "cy")
            #expect(left.piles.map(\.name) == ["ana"])
            let invalid = try await #require(throws: DeckClientError.self) {
                try await ana.removePlayer(deckID: id, player: "not a name")
            }
            #expect(invalid.code == .invalidRequest)
        }
    }

    @Test("A take from one pile is all or nothing: a card someone else took first is cardsNotInPile")
    func takeFromOnePile() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            let ana = client.withPlayer(try await client.join(deckID: id, player: "ana").token)
            let bo = client.withPlayer(try await client.join(deckID: id, player: "bo").token)
            let centre = try #require(try await ana.deal(deckID: id, pile: "centre", count: 1).cards?.first?.card)
            let taken = try await ana.addToPile(deckID: id, pile: "ana", cards: [centre], from: "centre")
            #expect(taken.piles[named: "ana"]?.cards?.map(\.card) == [centre])
            let late = try await #require(throws: DeckClientError.self) {
                try await bo.addToPile(deckID: id, pile: "bo", cards: [centre], from: "centre")
            }
            #expect(late.code == .cardsNotInPile && late.httpStatus == 404)
            #expect(
                late.serverMessage == "The card \(centre.code) is not in the pile centre any more; nothing was moved.")
            let notYours = try await #require(throws: DeckClientError.self) {
                try await bo.addToPile(deckID: id, pile: "bo", cards: [centre], from: "ana")
            }
            #expect(notYours.code == .forbidden)
            let invalid = try await #require(throws: DeckClientError.self) {
                try await bo.addToPile(deckID: id, pile: "bo", cards: [centre], from: "the centre")
            }
            #expect(invalid.code == .invalidRequest)
            #expect(try await client.listPile(deckID: id, pile: "bo").piles[named: "bo"]?.remaining == 0)
        }
    }

    @Test("Answers carry the change number; a stale If-Match is preconditionFailed with the deck as it is now")
    func changeNumbers() async throws {
        try await withTestServer { client, _ in
            let deck = try await client.newDeck(shuffled: true)
            #expect(deck.changeNumber == 0)
            let id = deck.deckID
            let drawn = try await client.draw(deckID: id, count: 2)
            #expect(drawn.changeNumber == 1)
            let piles = try await client.addToPile(deckID: id, pile: "discard", cards: [drawn.cards[0].card])
            #expect(piles.changeNumber == 2)
            #expect(try await client.deckInfo(deckID: id).changeNumber == 2)
            let next = try await client.decoded(
                .draw(deckID: id, count: 1).with(ChangeOptions(ifMatch: piles.changeNumber)), as: DrawResult.self)
            #expect(next.changeNumber == 3)
            let stale = try await #require(throws: DeckClientError.self) {
                try await client.decoded(
                    .draw(deckID: id, count: 1).with(ChangeOptions(ifMatch: piles.changeNumber)), as: DrawResult.self)
            }
            #expect(stale.code == .preconditionFailed)
            let now = try #require(stale.currentDeck)
            #expect(now.changeNumber == 3 && now.remaining == 49 && now.piles.map(\.name) == ["discard"])
            #expect(try await client.deckInfo(deckID: id).remaining == 49, "nothing changed")
        }
    }
}
