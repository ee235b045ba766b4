/// Where in the stack a draw takes its cards from.
public enum DrawSource: Hashable, Sendable {
    /// The top: the next cards in order.
    case top
    /// The bottom: the last cards of the stack, bottom-most first.
    case bottom
    /// Cards picked at random.
    case random
}

/// The result of a draw from the stack.
public struct DrawOutcome: Hashable, Sendable {
    /// The cards drawn, in the order they came off the stack.
    public let cards: [Card]
    /// How many cards were asked for.
    public let requested: Int
    /// Whether every card asked for was drawn. When `false`, ``cards`` holds every card that was left.
    public var isComplete: Bool { cards.count == requested }
    /// The message the API answers when the draw is short: `Not enough cards remaining to draw N additional`.
    public var shortfallMessage: String? {
        isComplete ? nil : DeckError.notEnoughCards(requested: requested).message
    }
}

extension DeckState {
    /// Draws cards from the stack. Drawn cards are out of play (``drawn``) until returned or put in a pile.
    ///
    /// As in the public API, asking for more cards than remain draws every card that is left and
    /// reports the shortfall in the outcome.
    ///
    /// - Parameters:
    ///   - count: how many cards, 0 or more.
    ///   - source: top (the default), bottom or random.
    ///   - generator: the randomness for ``DrawSource/random``.
    /// - Returns: the cards drawn and whether the draw was complete.
    /// - Throws: ``DeckError`` when `count` is negative.
    /// - Complexity: O(*n*) in the stack size.
    public mutating func draw<G: RandomNumberGenerator>(
        count: Int, from source: DrawSource = .top, using generator: inout G
    ) throws(DeckError) -> DrawOutcome {
        guard count >= 0 else { throw .negativeCount }
        let taken = min(count, stack.count)
        var cards: [Card]
        switch source {
        case .top:
            cards = Array(stack.prefix(taken))
            stack.removeFirst(taken)
        case .bottom:
            cards = Array(stack.suffix(taken).reversed())
            stack.removeLast(taken)
        case .random:
            cards = []
            cards.reserveCapacity(taken)
            for _ in 0..<taken {
                let index = Int.random(in: 0..<stack.count, using: &generator)
                cards.append(stack.remove(at: index))
            }
        }
        drawn.append(contentsOf: cards)
        return DrawOutcome(cards: cards, requested: count)
    }

    /// Draws cards from the stack, picking random cards with the system's secure generator.
    ///
    /// - Parameters:
    ///   - count: how many cards, 0 or more.
    ///   - source: top (the default), bottom or random.
    /// - Returns: the cards drawn and whether the draw was complete.
    /// - Throws: ``DeckError`` when `count` is negative.
    public mutating func draw(count: Int, from source: DrawSource = .top) throws(DeckError) -> DrawOutcome {
        var generator = SystemRandomNumberGenerator()
        return try draw(count: count, from: source, using: &generator)
    }

    /// Returns drawn cards (those in no pile) to the bottom of the stack.
    ///
    /// - Parameter cards: which cards to return, in order; cards that are not drawn (still in the
    ///   stack, in a pile, or never in this deck) are ignored. `nil` returns every drawn card in the
    ///   deck's composition order (A♠…K♠, ♦, ♣, ♥, jokers, or a partial deck's own order), copy by
    ///   copy: the first copy's missing cards, then the second copy's, and so on.
    /// - Returns: the cards that went back, in the order they were put under the stack.
    /// - Complexity: O(*n* + *m*) for *n* cards in the deck and *m* requested ones.
    @discardableResult
    public mutating func returnCards(_ cards: [Card]?) -> [Card] {
        var available = DrawnCounts(drawn)
        var returned: [Card] = []
        for card in cards ?? composition.allCards where available.take(card) { returned.append(card) }
        drawn = DrawnCounts(returned).removingLatest(from: drawn)
        stack.append(contentsOf: returned)
        return returned
    }

    /// Shuffles every card back into the stack: drawn cards and piles return, and the stack is
    /// rebuilt from the composition and shuffled.
    ///
    /// On a deck without players the piles are removed, as in the public API. On a seated deck
    /// (see ``isSeated``) this starts a new round: every pile, hands and table piles alike, is
    /// emptied but kept, and the players stay seated.
    ///
    /// - Parameters:
    ///   - jokersEnabled: when given, switches jokers on or off for good.
    ///   - partialContents: when given, replaces the remembered contents with these cards (jokers
    ///     only when the deck, after `jokersEnabled`, has them; empty makes a deck of no cards).
    ///   - generator: the randomness.
    public mutating func shuffleAll<G: RandomNumberGenerator>(
        jokersEnabled: Bool? = nil, partialContents: [Card]? = nil, using generator: inout G
    ) {
        if let jokersEnabled { composition = composition.withJokers(jokersEnabled) }
        if let partialContents { composition = composition.withPartialContents(partialContents) }
        stack = composition.allCards
        stack.shuffle(using: &generator)
        if isSeated {
            for index in piles.indices { piles[index].cards.removeAll() }
        } else {
            piles.removeAll()
        }
        drawn.removeAll()
        shuffled = true
    }

    /// Shuffles every card back into the stack with the system's secure generator.
    ///
    /// - Parameters:
    ///   - jokersEnabled: when given, switches jokers on or off for good.
    ///   - partialContents: when given, replaces the remembered contents.
    public mutating func shuffleAll(jokersEnabled: Bool? = nil, partialContents: [Card]? = nil) {
        var generator = SystemRandomNumberGenerator()
        shuffleAll(jokersEnabled: jokersEnabled, partialContents: partialContents, using: &generator)
    }

    /// Shuffles every card back into the stack in the order a seed gives (`riffle-shuffle-v1`): the same seed and
    /// composition give the same order, on any server and in any later version.
    ///
    /// As ``shuffleAll(jokersEnabled:partialContents:using:)`` does otherwise: the piles are emptied (kept on a seated
    /// deck) and the drawn cards go back.
    ///
    /// - Parameters:
    ///   - jokersEnabled: when given, switches jokers on or off for good.
    ///   - partialContents: when given, replaces the remembered contents.
    ///   - shuffle: the seeded shuffle, applied to ``DeckComposition/allCards``.
    public mutating func shuffleAll(
        jokersEnabled: Bool? = nil, partialContents: [Card]? = nil, seededBy shuffle: SeededShuffle
    ) {
        var unused = SystemRandomNumberGenerator()
        shuffleAll(jokersEnabled: jokersEnabled, partialContents: partialContents, using: &unused)
        stack = shuffle.shuffled(composition.allCards)
    }

    /// Shuffles only the undrawn stack in the order a seed gives to its current order (`riffle-shuffle-v1`).
    ///
    /// - Parameter shuffle: the seeded shuffle.
    public mutating func shuffleRemaining(seededBy shuffle: SeededShuffle) {
        stack = shuffle.shuffled(stack)
        shuffled = true
    }

    /// Shuffles only the undrawn stack; piles and drawn cards stay where they are.
    ///
    /// - Parameter generator: the randomness.
    public mutating func shuffleRemaining<G: RandomNumberGenerator>(using generator: inout G) {
        stack.shuffle(using: &generator)
        shuffled = true
    }

    /// Shuffles only the undrawn stack with the system's secure generator.
    public mutating func shuffleRemaining() {
        var generator = SystemRandomNumberGenerator()
        shuffleRemaining(using: &generator)
    }
}
