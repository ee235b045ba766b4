/// What one viewer of a deck may see: the one visibility rule that every operation, every answer
/// and every event of a deck follows.
///
/// Places:
/// - the stack is hidden from everyone;
/// - the drawn cards (in no pile) are visible to everyone;
/// - a public pile is visible to everyone, unless it lies face down: then to nobody;
/// - a player's hand (the pile named after the player) is visible to that player only.
///
/// A card the viewer cannot see is *absent* for that viewer: an operation never takes it, moves it
/// or reorders it on the viewer's behalf, and whether it lies in the stack or in a hand the viewer
/// cannot see makes no difference to anything the viewer is told.
///
/// ```swift
/// let visibility = deck.visibility(for: "alice")
/// visibility.canSee(.pile("alice"))   // true: her own hand
/// visibility.canSee(.pile("bob"))     // false: another player's hand
/// visibility.canSee(.stack)           // false
/// ```
public struct TableVisibility: Hashable, Sendable {
    /// The viewer's player name, `nil` for a spectator (or anyone on a plain deck).
    public let viewer: String?
    /// The names of the piles that are players' hands.
    public let privatePiles: Set<String>
    /// The names of the public piles that lie face down.
    public let faceDownPiles: Set<String>

    /// Creates the visibility of a deck whose players are `players` for `viewer`.
    ///
    /// - Parameters:
    ///   - viewer: the viewer's player name, `nil` for a spectator.
    ///   - players: the names of the deck's players; their piles are private.
    ///   - faceDown: the names of the piles that lie face down; nobody sees their cards.
    public init<Names: Sequence<String>>(viewer: String?, players: Names, faceDown: Set<String> = []) {
        self.viewer = viewer
        self.privatePiles = Set(players)
        self.faceDownPiles = faceDown
    }

    /// A plain deck's visibility: every pile is public, only the stack is hidden.
    public static let plain = TableVisibility(viewer: nil, players: [])

    /// Whether the viewer may see the cards in `location`.
    ///
    /// - Parameter location: a place of the deck.
    /// - Returns: `false` for the stack and for another player's hand, `true` otherwise.
    public func canSee(_ location: CardLocation) -> Bool {
        switch location {
        case .stack: false
        case .drawn: true
        case .pile(let name): canSeePile(name)
        }
    }

    /// Whether the viewer may see the cards of the pile called `name`: a public pile lying face
    /// up, or the viewer's own hand.
    ///
    /// - Parameter name: a pile name.
    /// - Returns: `true` when the pile's cards may be shown to the viewer.
    public func canSeePile(_ name: String) -> Bool {
        if privatePiles.contains(name) { return name == viewer }
        return !faceDownPiles.contains(name)
    }
}

extension DeckState {
    /// The deck as `viewer` may see it (see ``TableVisibility``).
    ///
    /// - Parameter viewer: the viewer's player name, `nil` for a spectator.
    /// - Returns: the visibility rule for that viewer on this deck.
    public func visibility(for viewer: String?) -> TableVisibility {
        TableVisibility(
            viewer: viewer, players: table?.players.map { $0.name } ?? [],
            faceDown: Set(piles.lazy.filter { $0.isFaceDown }.map { $0.name }))
    }
}
