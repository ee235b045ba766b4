/// What a deck is made of: which cards one copy holds and how many copies are shuffled together.
///
/// A standard composition is the 52 faces, plus `X1` and `X2` when jokers are enabled. A partial
/// deck names its cards instead; it is remembered, so a full reshuffle rebuilds the same partial
/// deck. `deckCount` copies of the whole sequence make a shoe, each copy with its own jokers.
///
/// A partial deck keeps only the cards of the deck being made, as the public API does: `X1` and
/// `X2` count only when jokers are enabled, and are dropped otherwise. An empty list is a deck of
/// no cards, not a standard deck.
///
/// ```swift
/// let shoe = try DeckComposition(deckCount: 6)                        // 312 cards
/// let partial = try DeckComposition(partialContents: CardList.parse("AS,KH,X1"))   // AS KH
/// let withJoker = try DeckComposition(jokersEnabled: true, partialContents: CardList.parse("AS,X1"))
/// ```
public struct DeckComposition: Hashable, Sendable {
    /// The most copies a shoe may hold.
    public static let maximumDeckCount = 20
    /// The fewest copies a deck may hold.
    public static let minimumDeckCount = 1

    /// The cards of a partial deck (possibly none), or `nil` for a standard deck.
    public private(set) var partialContents: [Card]?
    /// Whether the deck includes `X1` and `X2`: a standard deck holds both, a partial deck may name them.
    public private(set) var jokersEnabled: Bool
    /// How many copies of the contents make up the deck, 1…20.
    public let deckCount: Int

    /// Creates a composition.
    ///
    /// - Parameters:
    ///   - deckCount: how many copies, 1…20.
    ///   - jokersEnabled: whether the deck includes the two jokers.
    ///   - partialContents: the cards of one copy of a partial deck (jokers only when `jokersEnabled`;
    ///     empty for a deck of no cards); `nil` for a standard deck.
    /// - Throws: ``DeckError`` when `deckCount` is out of range.
    public init(deckCount: Int = 1, jokersEnabled: Bool = false, partialContents: [Card]? = nil) throws(DeckError) {
        try Self.checkDeckCount(deckCount)
        self.deckCount = deckCount
        self.jokersEnabled = jokersEnabled
        self.partialContents = partialContents.map { Self.keepingDeckCards($0, jokersEnabled: jokersEnabled) }
    }

    /// A composition exactly as stored, its partial contents taken as they are.
    ///
    /// Decks stored before partial decks dropped jokers may name jokers without enabling them;
    /// reading them back must not lose those cards.
    init(storedDeckCount deckCount: Int, jokersEnabled: Bool, partialContents: [Card]?) throws(DeckError) {
        try Self.checkDeckCount(deckCount)
        self.deckCount = deckCount
        self.jokersEnabled = jokersEnabled
        self.partialContents = partialContents
    }

    /// Throws when a deck count is outside 1…20.
    ///
    /// - Parameter deckCount: the number of copies asked for.
    /// - Throws: ``DeckError`` naming the maximum or minimum.
    public static func checkDeckCount(_ deckCount: Int) throws(DeckError) {
        guard deckCount <= maximumDeckCount else { throw .tooManyDecks }
        guard deckCount >= minimumDeckCount else { throw .tooFewDecks }
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

    /// The same composition with new partial contents, keeping only the cards of this deck (jokers
    /// only when enabled); empty contents make a deck of no cards.
    func withPartialContents(_ contents: [Card]) -> DeckComposition {
        var copy = self
        copy.partialContents = Self.keepingDeckCards(contents, jokersEnabled: jokersEnabled)
        return copy
    }

    private static func keepingDeckCards(_ cards: [Card], jokersEnabled: Bool) -> [Card] {
        guard !jokersEnabled else { return cards }
        return cards.filter { card in
            if case .joker = card { return false }
            return true
        }
    }
}
