import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("A table's history through the SDK, against riffle serve")
struct TableHistoryClientTests {
    @Test("Each viewer reads the round as their stream showed it, page after page")
    func historyByViewer() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck(shuffled: true).deckID
            let ana = client.withPlayer(try await client.join(deckID: id, player: "ana").token)
            let bo = client.withPlayer(try await client.join(deckID: id, player: "bo").token)
            let anasHand = try #require(try await ana.deal(deckID: id, pile: "ana", count: 3).cards).map(\.card)
            _ = try await bo.deal(deckID: id, pile: "bo", count: 2)
            _ = try await ana.addToPile(deckID: id, pile: "centre", cards: [anasHand[0]])

            let asAna = try await ana.wholeHistory(deckID: id)
            let asSpectator = try await client.wholeHistory(deckID: id)
            #expect(asAna.map(\.kind) == [.join, .join, .deal, .deal, .pileAdd])
            #expect(asAna.map(\.id) == asSpectator.map(\.id))
            #expect(asAna.map(\.id) == Array(1...5))
            // Ana's deal into her own hand shows her its cards; the spectator counts them.
            #expect(asAna[2].moved.first?.cards == anasHand)
            #expect(asSpectator[2].moved.first?.cards == nil)
            #expect(asSpectator[2].moved.first?.count == 3)
            // The card played to the centre is public to both.
            #expect(asSpectator[4].moved.first?.cards == [anasHand[0]])

            // Pages: two at a time, each saying whether more follow.
            let first = try await ana.history(deckID: id, after: 0, limit: 2)
            #expect(first.viewer == "ana" && first.changeNumber == 5 && first.hasMore)
            #expect(first.events.map(\.id) == [1, 2])
            let last = try await ana.history(deckID: id, after: 4, limit: 2)
            #expect(last.events.map(\.id) == [5] && !last.hasMore)
        }
    }

    @Test("A bad page is the server's 400, a foreign token its 401")
    func refusals() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck(shuffled: true).deckID
            await #expect(throws: DeckClientError.self) { try await client.history(deckID: id, limit: 0) }
            let other = try await client.newDeck(shuffled: true).deckID
            let stranger = client.withPlayer(try await client.join(deckID: other, player: "cy").token)
            do {
                _ = try await stranger.history(deckID: id)
                Issue.record("a token of another deck read this deck's history")
            } catch let error as DeckClientError {
                #expect(error.code == .unauthorized)
            }
        }
    }
}
