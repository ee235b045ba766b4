/// A named pile of cards taken out of a deck. Its top is its last-added card.
public struct Pile: Hashable, Sendable {
    /// The pile's name, 1…64 characters from `[-a-zA-Z0-9_]`.
    public let name: String
    /// The pile's cards, bottom first: the last element is the top.
    public internal(set) var cards: [Card]
    /// Whether the pile lies face down: its cards are visible to nobody (see ``TableVisibility``).
    public internal(set) var isFaceDown: Bool

    /// Creates a pile.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - cards: its cards, bottom first.
    ///   - isFaceDown: whether it lies face down.
    public init(name: String, cards: [Card] = [], isFaceDown: Bool = false) {
        self.name = name
        self.cards = cards
        self.isFaceDown = isFaceDown
    }

    /// The number of cards in the pile.
    public var remaining: Int { cards.count }
}
