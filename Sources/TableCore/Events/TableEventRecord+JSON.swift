import Foundation
import PlayingCards

/// Records stored as JSON, before the compact binary form: they held the counts of every pile and
/// every player's name after the change, and no counts from before it. They are read as
/// ``TableEventRecord/Counts/whole(_:)`` records, so that a subscriber resuming across an upgrade
/// still gets the events it missed. Only reading them is kept: nothing writes this form any more.
extension TableEventRecord {
    /// The JSON shape the service wrote.
    private struct StoredJSON: Decodable {
        struct Place: Decodable {
            /// `s` the stack, `d` the drawn cards, `p` a pile with ``name``.
            let kind: String
            let name: String?
        }

        struct Move: Decodable {
            let from: Place
            let to: Place
            let cards: [UInt8]
        }

        struct PileCount: Decodable {
            let name: String
            let remaining: Int
        }

        let kind: String
        let player: String?
        let remaining: Int
        let piles: [PileCount]
        let players: [String]
        let moves: [Move]
    }

    /// Reads a record stored as JSON.
    ///
    /// - Throws: ``TableEventRecordError`` when the bytes are not such a record, or hold a card,
    ///   place or name that the record could not have held.
    package init(json payload: [UInt8]) throws(TableEventRecordError) {
        let stored: StoredJSON
        do {
            stored = try JSONDecoder().decode(StoredJSON.self, from: Data(payload))
        } catch {
            throw TableEventRecordError("unreadable JSON record")
        }
        func location(_ place: StoredJSON.Place) throws(TableEventRecordError) -> CardLocation {
            switch place.kind {
            case "s": return .stack
            case "d": return .drawn
            case "p":
                guard let name = place.name, PileName.isValid(name) else {
                    throw TableEventRecordError("invalid pile name")
                }
                return .pile(name)
            default: throw TableEventRecordError("invalid place")
            }
        }
        var moves: [CardMove] = []
        for move in stored.moves {
            var cards: [Card] = []
            for ordinal in move.cards {
                guard let card = Card(ordinal: ordinal) else { throw TableEventRecordError("unknown card") }
                cards.append(card)
            }
            moves.append(CardMove(from: try location(move.from), to: try location(move.to), cards: cards))
        }
        let names = stored.piles.map(\.name) + stored.players + (stored.player.map { [$0] } ?? [])
        guard names.allSatisfy({ PileName.isValid($0) }),
            stored.remaining >= 0, stored.piles.allSatisfy({ $0.remaining >= 0 }),
            !stored.kind.isEmpty, stored.kind.utf8.count <= Self.maximumKindLength
        else { throw TableEventRecordError("invalid JSON record") }
        let snapshot = TableSnapshot(
            remaining: stored.remaining,
            piles: stored.piles.map { TableSnapshot.PileCount(name: $0.name, remaining: $0.remaining) },
            players: stored.players)
        self.init(kind: stored.kind, player: stored.player, moves: moves, counts: .whole(snapshot))
    }
}
