/// A named pile of cards taken out of a deck. Its top is its last-added card.
public struct Pile: Hashable, Sendable {
    /// The pile's name, 1…64 characters from `[-a-zA-Z0-9_]`.
    public let name: String
    /// The pile's cards, bottom first: the last element is the top.
    public internal(set) var cards: [Card]

    /// Creates a pile.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - cards: its cards, bottom first.
    public init(name: String, cards: [Card] = []) {
        self.name = name
        self.cards = cards
    }

    /// The number of cards in the pile.
    public var remaining: Int { cards.count }
}
