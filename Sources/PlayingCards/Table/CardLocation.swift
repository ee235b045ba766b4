/// Where a card of a deck can be: the stack, the drawn cards, or a pile.
public enum CardLocation: Hashable, Sendable {
    /// The undrawn stack (called `deck` in events).
    case stack
    /// The cards dealt out and in no pile.
    case drawn
    /// A named pile.
    case pile(String)

    /// The location's name in events: `deck`, `drawn` or the pile's name.
    public var eventName: String {
        switch self {
        case .stack: "deck"
        case .drawn: "drawn"
        case .pile(let name): name
        }
    }
}

/// Cards that went from one place to another in one change of a deck.
public struct CardMove: Hashable, Sendable {
    /// Where the cards were.
    public let from: CardLocation
    /// Where they are now.
    public let to: CardLocation
    /// The cards, in the order they sit at their destination.
    public let cards: [Card]

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - from: where the cards were.
    ///   - to: where they are now.
    ///   - cards: the cards.
    public init(from: CardLocation, to: CardLocation, cards: [Card]) {
        self.from = from
        self.to = to
        self.cards = cards
    }
}
