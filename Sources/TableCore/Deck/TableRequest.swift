/// A change of a live table's people and piles rather than a move of its cards (Riffle
/// extensions): display names, seats, the turn marker and face-down piles, parsed and checked
/// before the deck is read.
package enum TableRequest: Hashable, Sendable {
    /// `POST /api/deck/<id>/player/<name>/rename/`: a new display name (the player or the host).
    case rename(player: String, displayName: String)
    /// `POST /api/deck/<id>/seats/`: the players in a new seat order (the host).
    case seats(order: [String])
    /// `POST /api/deck/<id>/turn/`: moves the turn marker and/or turns strict turns on or off.
    case turn(to: TurnTarget?, strict: Bool?)
    /// `POST /api/deck/<id>/lock/`: locks the table (nobody new may join) or unlocks it (the host).
    case lock(Bool)
    /// `POST /api/deck/<id>/pile/<name>/face/`: a public pile face down or face up (any player),
    /// created empty if it does not exist.
    case face(pile: String, faceDown: Bool)
    /// `POST /api/deck/<id>/deal/`: `count` cards to every player, one at a time in seat order
    /// (the host), in one change and one `deal` event.
    case dealToEveryone(count: Int)
    /// `POST /api/deck/<id>/player/<name>/take-back/`: the caller takes back their latest gift to
    /// that player, while the player has not moved since (see `TableGift` in PlayingCards).
    case takeBackGift(receiver: String)
    /// `POST /api/deck/<id>/round/end/`: the host ends the open round; every card goes back under the stack, and the
    /// round's seed is revealed when the table reveals its rounds.
    case endRound
    /// `POST /api/deck/<id>/round/`: whether the table's rounds are revealed once over (the host).
    case revealRounds(Bool)
    /// `POST /api/deck/<id>/round/entropy/`: the caller adds entropy of their own to the open round's order, before
    /// its first card leaves the stack (any player, once a round).
    case addEntropy(String)

    /// Where `to=` sends the turn marker.
    package enum TurnTarget: Hashable, Sendable {
        /// `to=next`: the next seat after the holder (the holder or the host).
        case next
        /// `to=none`: nobody holds it (the host).
        case nobody
        /// `to=<name>`: that player (the host).
        case player(String)
    }

    /// The kind of the event the change records.
    package var eventKind: TableEventKind {
        switch self {
        case .rename: .rename
        case .seats: .seats
        case .turn: .turn
        case .lock: .lock
        case .face: .pileFace
        case .dealToEveryone: .deal
        // Cards moved from one hand to another, as the gift itself was.
        case .takeBackGift: .pileAdd
        case .endRound, .revealRounds, .addEntropy: .round
        }
    }
}
