import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("A live table's people against riffle serve: display names, seats, turns, face-down piles, events")
struct TablePeopleEndpointTests {
    @Test("Typed calls for names, seats, turns and piles, and the events they make")
    func peopleAndEvents() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            let ana = try await client.join(deckID: id, player: "ana", displayName: "Anaïs")
            #expect(ana.displayName == "Anaïs")
            let bo = try await client.join(deckID: id, player: "bo")
            #expect(bo.displayName == "bo")
            let asAna = client.withPlayer(ana.token)
            let asBo = client.withPlayer(bo.token)
            let watcher = EventCollector(client.events(deckID: id))
            let hello = try await watcher.next("hello")
            #expect(hello.carriesPlayers)
            #expect(hello.people?.players.map(\.displayName) == ["Anaïs", "bo"])
            #expect(hello.people?.host == "ana")

            await #expect(throws: DeckClientError.self) {
                try await asBo.reorderSeats(deckID: id, order: ["bo", "ana"])
            }
            let seated = try await asAna.reorderSeats(deckID: id, order: ["bo", "ana"])
            #expect(seated.players.map(\.name) == ["bo", "ana"])
            #expect(seated.host == "ana")
            _ = try await asBo.rename(deckID: id, player: "bo", displayName: "山田")
            let turn = try await asAna.setTurn(deckID: id, to: .player("bo"), strict: true)
            #expect(turn.turn == "bo")
            #expect(turn.strictTurns)
            let passed = try await asBo.setTurn(deckID: id, to: .next)
            #expect(passed.turn == "ana")
            let stock = try await asAna.turnPile(deckID: id, pile: "stock", faceDown: true)
            #expect(stock.piles[named: "stock"]?.isFaceDown == true)
            let people = try await client.tablePeople(deckID: id)
            #expect(people.players.map(\.displayName) == ["山田", "Anaïs"])

            let seats = try await watcher.next("seats")
            #expect(seats.kind == .seats)
            #expect(seats.people?.players.map(\.name) == ["bo", "ana"])
            let rename = try await watcher.next("rename")
            #expect(rename.kind == .rename)
            let strict = try await watcher.next("turn")
            #expect(strict.carriesTurn)
            #expect(strict.people?.turn == "bo")
            #expect(strict.people?.strictTurns == true)
            _ = try await watcher.next("turn passed")
            let face = try await watcher.next("pile_face")
            #expect(face.turnedPile == DeckEvent.TurnedPile(pile: "stock", faceDown: true))
            #expect(face.piles[named: "stock"]?.isFaceDown == true)

            // Bo's own stream makes him online: the watcher hears a presence event.
            let bosStream = EventCollector(asBo.events(deckID: id))
            _ = try await bosStream.next("Bo's hello")
            let online = try await watcher.next("presence")
            #expect(online.kind == .presence)
            #expect(online.player == "bo")
            #expect(online.online == true)
            bosStream.stop()
            watcher.stop()
        }
    }
}
