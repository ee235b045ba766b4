import Foundation
import PlayingCards

/// One change to a deck, as its live event stream reports it (``DeckOfCardsClient/events(deckID:token:lastEventID:)``).
///
/// Every event carries the stack's ``remaining`` after the change and what ``moved`` where. A
/// `hello` or `resync` lists every pile's size in ``piles`` (private piles as
/// ``PileSummary/isPrivate``, without cards); any other event lists only the piles the change
/// touched (whose size, privacy or face changed, or that it created) and names those it removed in
/// ``removedPiles``: apply them to what you know with ``applyingPiles(to:)``. A moved card is listed
/// only where the subscriber may see it: into or out of a public pile, or its own hand.
///
/// ```swift
/// for try await event in client.events(deckID: id, token: seat.token) {
///     if event.kind == .resync { /* reload the deck */ }
///     for move in event.moved { print(event.player ?? "someone", move.from, "→", move.to, move.count) }
/// }
/// ```
public struct DeckEvent: Hashable, Sendable {
    /// The deck's change number: it grows by one with every change of the deck (0 before the first).
    public var id: Int
    /// What happened.
    public var kind: Kind
    /// The deck id.
    public var deckID: String
    /// How many cards are left in the deck's stack.
    public var remaining: Int
    /// On `hello` and `resync`, every pile's size, in the server's order; on any other event, the
    /// piles the change touched, with their sizes after it, in the server's order. Never cards.
    public var piles: [PileSummary]
    /// The piles the change removed (a player who left takes their hand with them); empty on
    /// `hello` and `resync`.
    public var removedPiles: [String] = []
    /// The cards that moved, where from and where to.
    public var moved: [Move]
    /// The player who made the change (or who joined), when the server knows.
    public var player: String?
    /// The table's people: on `hello` and `resync`, and on every event that changed the players
    /// (joins, leaves, renames, seats, presence) or the turn; `nil` otherwise. Only the keys the
    /// event carries are meaningful: see ``carriesPlayers`` and ``carriesTurn``.
    public var people: TablePeople? = nil
    /// Whether the event carries the players and host (it changed them, or it is a `hello`).
    public var carriesPlayers = false
    /// Whether the event carries the turn marker and strict turns.
    public var carriesTurn = false
    /// On a `presence` event: whether ``player`` is online now.
    public var online: Bool? = nil
    /// On a `pile_face` event: the pile turned, whether it lies face down now, and the cards it
    /// showed everyone when turned face up.
    public var turnedPile: TurnedPile? = nil

    /// A pile turned face up or face down (a `pile_face` event).
    public struct TurnedPile: Hashable, Sendable {
        /// The pile's name.
        public var pile: String
        /// Whether it lies face down now.
        public var faceDown: Bool
        /// The cards everyone now sees, bottom first, when it was turned face up; otherwise empty.
        public var cards: [PlayingCards.Card]

        /// Creates a turned pile.
        ///
        /// - Parameters:
        ///   - pile: the pile.
        ///   - faceDown: whether it lies face down now.
        ///   - cards: the cards shown.
        public init(pile: String, faceDown: Bool, cards: [PlayingCards.Card] = []) {
            self.pile = pile
            self.faceDown = faceDown
            self.cards = cards
        }
    }

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - id: the change number.
    ///   - kind: what happened.
    ///   - deckID: the deck id.
    ///   - remaining: cards left in the stack.
    ///   - piles: the piles' sizes (every pile on `hello` and `resync`, else those the change touched).
    ///   - moved: the cards that moved.
    ///   - player: who made the change.
    public init(
        id: Int, kind: Kind, deckID: String, remaining: Int, piles: [PileSummary], moved: [Move] = [],
        player: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.deckID = deckID
        self.remaining = remaining
        self.piles = piles
        self.moved = moved
        self.player = player
    }

    /// The piles after this event, given the piles before it (in the server's order): every pile
    /// on `hello` and `resync`; otherwise `before` with the touched piles updated, new ones added at
    /// the end and removed ones taken out.
    ///
    /// ```swift
    /// var piles: [PileSummary] = []
    /// for try await event in client.events(deckID: id) { piles = event.applyingPiles(to: piles) }
    /// ```
    ///
    /// - Parameter before: the piles as the previous event left them.
    /// - Returns: the piles as this event leaves them.
    /// - Complexity: O(*p* + *t*) for *p* piles before and *t* touched.
    public func applyingPiles(to before: [PileSummary]) -> [PileSummary] {
        if kind == .hello || kind == .resync { return piles }
        let removed = Set(removedPiles)
        var touched: [String: PileSummary] = [:]
        for pile in piles { touched[pile.name] = pile }
        var after: [PileSummary] = []
        after.reserveCapacity(before.count + piles.count)
        for pile in before where !removed.contains(pile.name) {
            after.append(touched.removeValue(forKey: pile.name) ?? pile)
        }
        for pile in piles where touched[pile.name] != nil { after.append(pile) }
        return after
    }

    /// What an event reports. New kinds may come from newer servers: match with `==` and keep a default.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name as the stream's `event:` line has it, such as `"pile_add"`.
        public var name: String

        /// Creates a kind from its `event:` name.
        ///
        /// - Parameter name: the name.
        public init(_ name: String) { self.name = name }

        /// The first event of a connection: the deck as it is now.
        public static let hello = Kind("hello")
        /// The client missed more changes than the server keeps: reload the deck's state.
        public static let resync = Kind("resync")
        /// Cards were drawn from the stack.
        public static let draw = Kind("draw")
        /// Cards were dealt face down into a pile.
        public static let deal = Kind("deal")
        /// Cards were added to a pile.
        public static let pileAdd = Kind("pile_add")
        /// Cards were drawn from a pile.
        public static let pileDraw = Kind("pile_draw")
        /// A pile was shuffled.
        public static let pileShuffle = Kind("pile_shuffle")
        /// Cards of a pile were returned to the stack.
        public static let pileReturn = Kind("pile_return")
        /// Cards were returned to the stack.
        public static let returned = Kind("return")
        /// The deck was shuffled.
        public static let shuffle = Kind("shuffle")
        /// A player joined the table.
        public static let join = Kind("join")
        /// A player left, or the host removed them.
        public static let leave = Kind("leave")
        /// A player's display name changed.
        public static let rename = Kind("rename")
        /// The host reordered the seats.
        public static let seats = Kind("seats")
        /// The turn marker moved, or strict turns changed.
        public static let turn = Kind("turn")
        /// A player came online or went offline.
        public static let presence = Kind("presence")
        /// A public pile was turned face up or face down.
        public static let pileFace = Kind("pile_face")
        /// The host locked the table (nobody new may join) or unlocked it: ``people``'s ``TablePeople/locked`` says which.
        public static let lock = Kind("lock")
        /// The host ended the open round (every card went back into the stack) or changed whether rounds are
        /// revealed; the data's `round` says how the round stands.
        public static let round = Kind("round")

        /// Every kind this version of the SDK knows, each named above. A newer server may send others.
        public static let known: [Kind] = [
            hello, resync, draw, deal, pileAdd, pileDraw, pileShuffle, pileReturn, returned, shuffle, join, leave,
            rename, seats, turn, presence, pileFace, lock, round,
        ]

        /// The name.
        public var description: String { name }
    }

    /// Cards that moved in one change.
    public struct Move: Hashable, Sendable {
        /// Where they came from: a pile's name, or the server's name for the stack or the drawn cards.
        public var from: String
        /// Where they went.
        public var to: String
        /// How many cards moved.
        public var count: Int
        /// Which cards, when the subscriber may see them; otherwise `nil`.
        public var cards: [PlayingCards.Card]?

        /// Creates a move.
        ///
        /// - Parameters:
        ///   - from: the source.
        ///   - to: the destination.
        ///   - count: how many cards.
        ///   - cards: the cards, when visible.
        public init(from: String, to: String, count: Int, cards: [PlayingCards.Card]? = nil) {
            self.from = from
            self.to = to
            self.count = count
            self.cards = cards
        }
    }
}
