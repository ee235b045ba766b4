import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Deal to everyone against riffle serve")
struct DealToEveryoneEndpointTests {
    @Test("The host deals to every player in one change and one deal event; another player may not")
    func dealToEveryone() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            let ana = try await client.join(deckID: id, player: "ana")
            let bo = try await client.join(deckID: id, player: "bo")
            let asAna = client.withPlayer(ana.token)
            let asBo = client.withPlayer(bo.token)
            let watcher = EventCollector(client.events(deckID: id))
            _ = try await watcher.next("hello")

            await #expect(throws: DeckClientError.self) { try await asBo.dealToEveryone(deckID: id, count: 2) }
            let people = try await asAna.dealToEveryone(deckID: id, count: 3)
            #expect(people.players.map(\.name) == ["ana", "bo"])
            let hand = try await asBo.listPile(deckID: id, pile: "bo")
            #expect(hand.piles[named: "bo"]?.remaining == 3)

            let deal = try await watcher.next("deal")
            #expect(deal.kind == .deal)
            #expect(deal.remaining == 46)
            #expect(Set(deal.moved.map(\.to)) == ["ana", "bo"])
            #expect(deal.moved.allSatisfy { $0.count == 3 && $0.cards == nil }, "a spectator sees counts only")
        }
    }
}
