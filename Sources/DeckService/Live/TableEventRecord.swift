import Foundation
import PlayingCards

/// What the service stores about one change of a live table, as a ``DeckEvent``'s payload: every
/// card that moved (hidden ones included, since the store is the server's own), the deck's counts
/// after the change, and who the players were. Each subscriber's view is rendered from it by
/// ``TableEventRenderer``, which leaves out what that subscriber may not see.
struct TableEventRecord: Codable, Hashable, Sendable {
    /// A place in the record: `s` the stack, `d` the drawn cards, `p` a pile with ``name``.
    struct Place: Codable, Hashable, Sendable {
        let kind: String
        let name: String?

        init(_ location: CardLocation) {
            switch location {
            case .stack:
                kind = "s"
                name = nil
            case .drawn:
                kind = "d"
                name = nil
            case .pile(let pile):
                kind = "p"
                name = pile
            }
        }

        var location: CardLocation {
            switch kind {
            case "d": .drawn
            case "p": .pile(name ?? "")
            default: .stack
            }
        }
    }

    struct Move: Codable, Hashable, Sendable {
        let from: Place
        let to: Place
        /// Card ordinals, in the order they sit at the destination.
        let cards: [UInt8]
    }

    struct PileCount: Codable, Hashable, Sendable {
        let name: String
        let remaining: Int
    }

    /// The event kind: `draw`, `deal`, `join`, `pile_add`, …
    let kind: String
    /// The player who made the change (or joined), if a player did.
    let player: String?
    /// Cards left in the stack after the change.
    let remaining: Int
    /// Every pile after the change, in creation order.
    let piles: [PileCount]
    /// The players after the change: their piles are private.
    let players: [String]
    let moves: [Move]

    /// The record of the change from `before` to `after`.
    init(kind: String, player: String?, before: DeckState, after: DeckState) {
        self.kind = kind
        self.player = player
        remaining = after.remaining
        piles = after.piles.map { PileCount(name: $0.name, remaining: $0.remaining) }
        players = after.table?.players.map(\.name) ?? []
        moves = after.moves(since: before).map { move in
            Move(from: Place(move.from), to: Place(move.to), cards: move.cards.map(\.ordinal))
        }
    }

    /// The record as stored bytes.
    func encoded() -> [UInt8] {
        // Encoding plain strings, integers and arrays cannot fail.
        (try? Array(JSONEncoder().encode(self))) ?? []
    }

    /// Reads stored bytes back.
    static func decode(_ payload: [UInt8]) -> TableEventRecord? {
        try? JSONDecoder().decode(TableEventRecord.self, from: Data(payload))
    }
}
