/// What a deck is made of: which cards one copy holds and how many copies are shuffled together.
///
/// A standard composition is the 52 faces, plus `X1` and `X2` when jokers are enabled. A partial
/// deck names its cards instead; it is remembered, so a full reshuffle rebuilds the same partial
/// deck. `deckCount` copies of the whole sequence make a shoe, each copy with its own jokers.
///
/// ```swift
/// let shoe = try DeckComposition(deckCount: 6)                        // 312 cards
/// let partial = try DeckComposition(partialContents: CardList.parse("AS,KH,X1"))
/// ```
public struct DeckComposition: Hashable, Sendable {
    /// The most copies a shoe may hold.
    public static let maximumDeckCount = 20
    /// The fewest copies a deck may hold.
    public static let minimumDeckCount = 1

    /// The cards of a partial deck, or `nil` for a standard deck.
    public private(set) var partialContents: [Card]?
    /// Whether a standard deck includes `X1` and `X2`. A partial deck holds jokers only if it names them.
    public private(set) var jokersEnabled: Bool
    /// How many copies of the contents make up the deck, 1…20.
    public let deckCount: Int

    /// Creates a composition.
    ///
    /// - Parameters:
    ///   - deckCount: how many copies, 1…20.
    ///   - jokersEnabled: whether a standard deck includes the two jokers.
    ///   - partialContents: the cards of one copy of a partial deck; `nil` or empty for a standard deck.
    /// - Throws: ``DeckError`` when `deckCount` is out of range.
    public init(deckCount: Int = 1, jokersEnabled: Bool = false, partialContents: [Card]? = nil) throws(DeckError) {
        guard deckCount <= Self.maximumDeckCount else { throw .tooManyDecks }
        guard deckCount >= Self.minimumDeckCount else { throw .tooFewDecks }
        self.deckCount = deckCount
        self.jokersEnabled = jokersEnabled
        self.partialContents = (partialContents?.isEmpty ?? true) ? nil : partialContents
    }

    /// The cards of one copy, in unshuffled order.
    public var cardsPerCopy: [Card] {
        if let partialContents { return partialContents }
        return jokersEnabled ? Card.allCards : Card.standardCards
    }

    /// Every card of the deck, in unshuffled order: ``cardsPerCopy`` repeated ``deckCount`` times.
    public var allCards: [Card] {
        let copy = cardsPerCopy
        var cards: [Card] = []
        cards.reserveCapacity(copy.count * deckCount)
        for _ in 0..<deckCount { cards.append(contentsOf: copy) }
        return cards
    }

    /// The same composition with jokers switched on or off.
    func withJokers(_ enabled: Bool) -> DeckComposition {
        var copy = self
        copy.jokersEnabled = enabled
        return copy
    }

    /// The same composition with new partial contents (or a standard deck when `nil` or empty).
    func withPartialContents(_ contents: [Card]?) -> DeckComposition {
        var copy = self
        copy.partialContents = (contents?.isEmpty ?? true) ? nil : contents
        return copy
    }
}
