/// The whole state of one deck: the stack, the piles and the drawn cards, with the operations of
/// the Deck of Cards API.
///
/// Every card of the ``composition`` is, at any moment, in exactly one of three places: the
/// ``stack`` (undrawn, top first), a ``piles`` entry, or ``drawn`` (dealt and in no pile). Every
/// operation keeps that invariant, and one that cannot be carried out throws a ``DeckError`` and
/// changes nothing.
///
/// ```swift
/// var deck = try DeckState(composition: DeckComposition(), shuffled: false)
/// let dealt = try deck.draw(count: 2)      // AS, 2S
/// try deck.addToPile(named: "discard", cards: dealt.cards)
/// ```
///
/// Shuffling takes an injectable random number generator; the overloads without one use
/// `SystemRandomNumberGenerator`, which is cryptographically secure.
public struct DeckState: Hashable, Sendable {
    /// What the deck is made of; a full reshuffle rebuilds the stack from it.
    public internal(set) var composition: DeckComposition
    /// The undrawn cards, top first: `stack[0]` is the next card drawn.
    public internal(set) var stack: [Card]
    /// The piles, in creation order.
    public internal(set) var piles: [Pile]
    /// The cards dealt out of the stack that are in no pile, in the order they were dealt.
    public internal(set) var drawn: [Card]
    /// Whether the stack was last rebuilt shuffled.
    public internal(set) var shuffled: Bool
    /// The players of a live table; `nil` for a plain deck (see ``TableState``).
    public internal(set) var table: TableState?
    /// The number of the deck's latest change: 0 for a new deck, one more for every change (see
    /// ``countChange()``). A live table's events are numbered with it; every answer's `ETag` is it.
    public internal(set) var changeNumber: Int64

    /// Creates a new deck with every card in the stack.
    ///
    /// - Parameters:
    ///   - composition: what the deck is made of.
    ///   - shuffled: `false` for unshuffled order (A→K of spades, diamonds, clubs, hearts, then jokers).
    ///   - generator: the randomness used to shuffle.
    public init<G: RandomNumberGenerator>(composition: DeckComposition, shuffled: Bool, using generator: inout G) {
        self.composition = composition
        self.stack = composition.allCards
        self.piles = []
        self.drawn = []
        self.shuffled = shuffled
        self.table = nil
        self.changeNumber = 0
        if shuffled { stack.shuffle(using: &generator) }
    }

    /// Creates a new deck shuffled in the order a seed gives (`riffle-shuffle-v1`): the same seed and composition
    /// give the same order, on any server and in any later version.
    ///
    /// - Parameters:
    ///   - composition: what the deck is made of.
    ///   - shuffle: the seeded shuffle, applied to ``DeckComposition/allCards``.
    public init(composition: DeckComposition, seededBy shuffle: SeededShuffle) {
        var unused = SystemRandomNumberGenerator()
        self.init(composition: composition, shuffled: false, using: &unused)
        stack = shuffle.shuffled(stack)
        shuffled = true
    }

    /// Creates a new deck, shuffled with the system's secure generator when `shuffled` is `true`.
    ///
    /// - Parameters:
    ///   - composition: what the deck is made of.
    ///   - shuffled: `false` for unshuffled order.
    public init(composition: DeckComposition, shuffled: Bool) {
        var generator = SystemRandomNumberGenerator()
        self.init(composition: composition, shuffled: shuffled, using: &generator)
    }

    /// Creates a deck from its parts, as storage reads it back. The parts are not checked against
    /// each other; ``isConsistent`` tells whether they add up.
    package init(
        composition: DeckComposition, stack: [Card], piles: [Pile], drawn: [Card], shuffled: Bool,
        table: TableState? = nil, changeNumber: Int64 = 0
    ) {
        self.composition = composition
        self.stack = stack
        self.piles = piles
        self.drawn = drawn
        self.shuffled = shuffled
        self.table = table
        self.changeNumber = changeNumber
    }

    /// The most piles a deck holds; creating one more (by adding, dealing or joining) is refused.
    public static let maximumPiles = 256

    /// The number of undrawn cards.
    public var remaining: Int { stack.count }

    /// Whether stack, piles and drawn cards together hold exactly the composition's cards.
    ///
    /// - Complexity: O(*n*) in the number of cards.
    public var isConsistent: Bool {
        var counts = [Int](repeating: 0, count: 54)
        for card in composition.cardsPerCopy { counts[Int(card.ordinal)] += composition.deckCount }
        for card in stack { counts[Int(card.ordinal)] -= 1 }
        for card in drawn { counts[Int(card.ordinal)] -= 1 }
        for pile in piles { for card in pile.cards { counts[Int(card.ordinal)] -= 1 } }
        return counts.allSatisfy { $0 == 0 }
    }

    /// The pile with a given name, if it exists.
    ///
    /// - Parameter name: the pile's name.
    /// - Returns: the pile, or `nil`.
    public func pile(named name: String) -> Pile? {
        piles.first { $0.name == name }
    }
}
