import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@testable import DeckService
@testable import TableCore

/// Events stored before the compact record format (JSON with every pile's count) are still served
/// to a subscriber that resumes across an upgrade, followed by the events stored since, on every
/// server backend.
@Suite(.stopsItsServers) struct StoredEventFormatTests {
    /// What the service stored for a change before the compact format, as Foundation's JSONEncoder
    /// wrote its `Codable` record: the counts after the change in full, and the moved cards.
    private static func jsonRecord(
        kind: String, player: String?, after deck: DeckState, moves: [(from: String, to: String, cards: [Card])]
    ) -> [UInt8] {
        func place(_ name: String) -> [String: Any] {
            switch name {
            case "deck": ["kind": "s"]
            case "drawn": ["kind": "d"]
            default: ["kind": "p", "name": name]
            }
        }
        var object: [String: Any] = [
            "kind": kind,
            "remaining": deck.remaining,
            "piles": deck.piles.map { ["name": $0.name, "remaining": $0.remaining] },
            "players": deck.table?.players.map(\.name) ?? [],
            "moves": moves.map { ["from": place($0.from), "to": place($0.to), "cards": $0.cards.map(\.ordinal)] },
        ]
        if let player { object["player"] = player }
        return Array(try! JSONSerialization.data(withJSONObject: object))  // a literal of strings and numbers
    }

    /// An event's `piles` as `name: "count"`, with ` private` for a player's hand.
    private static func piles(_ event: [String: Any]) -> [String: String] {
        (event["piles"] as? [String: [String: Any]] ?? [:]).mapValues { pile in
            String(pile["remaining"] as? Int ?? -1) + ((pile["private"] as? Bool) == true ? " private" : "")
        }
    }

    @Test(arguments: StoreBackend.server) func eventsStoredAsJSONAreServedOnResume(backend: StoreBackend) async throws {
        let store = try await backend.makeStore()
        let token = TableToken.generate()
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        try deck.join(player: "alice", tokenHash: TableToken.hash(token))
        try deck.addToPile(named: "alice", cards: [])
        // Now, not 1970: the server's expiry sweep would delete a deck unchanged since then.
        let now = Int64(Date().timeIntervalSince1970)
        let id = try await store.insert(deck, now: now)
        // Two changes recorded as the previous version did: a deal into Alice's hand, then a draw.
        let dealt = try await store.updateRecordingEvent(deckID: id, now: now) { deck in
            let cards = try deck.deal(toPile: "alice", count: 3)
            let number = deck.countChange()
            let payload = Self.jsonRecord(
                kind: "deal", player: nil, after: deck, moves: [(from: "deck", to: "alice", cards: cards)])
            return (cards, StoredDeckEvent(deckID: id, number: number, payload: payload))
        }
        _ = try await store.updateRecordingEvent(deckID: id, now: now) { deck in
            let cards = try deck.draw(count: 2).cards
            let number = deck.countChange()
            let payload = Self.jsonRecord(
                kind: "draw", player: "alice", after: deck, moves: [(from: "deck", to: "drawn", cards: cards)])
            return (cards, StoredDeckEvent(deckID: id, number: number, payload: payload))
        }
        let server = try await TestServer.start(store: store)
        let deckURL = server.baseURL + "/api/deck/" + id
        // Then one change recorded by this version.
        let added = try await send("GET", deckURL + "/pile/centre/add/?cards=4S", token: token)
        #expect(added.status == 200, "\(added.body)")

        let path = "/api/deck/\(id)/events/"
        let spectator = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": "0"])
        }
        defer { spectator.close() }
        let events = try await onOwnThread { try spectator.events(atLeast: 3) }
        #expect(events.map(\.kind) == ["deal", "draw", "pile_add"])
        #expect(events.map(\.id) == [1, 2, 3])
        let deal = events[0].object
        #expect(deal["remaining"] as? Int == 49)
        #expect(Self.piles(deal) == ["alice": "3 private"])
        let dealMoves = deal["moved"] as? [[String: Any]] ?? []
        #expect(dealMoves.count == 1)
        #expect(dealMoves.first?["count"] as? Int == 3)
        #expect(dealMoves.first?["cards"] == nil, "a spectator does not see Alice's hand")
        #expect(revealedCodes(in: spectator.text, of: (dealt ?? []).map(\.code)).isEmpty)
        let draw = events[1].object
        #expect(draw["player"] as? String == "alice")
        #expect(draw["remaining"] as? Int == 47)
        #expect(cardCodes((draw["moved"] as? [[String: Any]])?.first ?? [:]) == ["4S", "5S"])
        let add = events[2].object
        #expect(add["remaining"] as? Int == 47)
        // This version's frames list only the piles the change touched; JSON records show them all.
        #expect(Self.piles(add) == ["centre": "1"])
        #expect(cardCodes((add["moved"] as? [[String: Any]])?.first ?? [:]) == ["4S"])

        // Alice sees her own hand in the stored JSON event as she did before.
        let owner = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path + "?token=" + token, headers: ["Last-Event-ID": "0"])
        }
        defer { owner.close() }
        let ownerEvents = try await onOwnThread { try owner.events(atLeast: 3) }
        #expect(cardCodes((ownerEvents[0].object["moved"] as? [[String: Any]])?.first ?? [:]) == ["AS", "2S", "3S"])
    }
}
