extension DeckState {
    /// Moves cards into a pile, creating the pile if needed. Added cards go on top, in order.
    ///
    /// Each requested card is taken only from a place `visibility` can see (see
    /// ``TableVisibility``): from the drawn cards if a copy is there, otherwise out of another
    /// visible pile that holds it (the first in creation order), otherwise, if the target pile is
    /// visible and holds it, it moves to the pile's top. With `source`, only out of that pile.
    ///
    /// A card found in none of those places (still in the stack, in a hand the viewer cannot see,
    /// or never in this deck) is absent for the viewer: it is ignored, as the public API ignores a
    /// card still in the stack, and the pile is created all the same; or, with `requiringAll`,
    /// nothing changes and ``DeckError/Kind/cardNotThere`` is thrown. Either way, where an absent
    /// card really lies makes no difference to the outcome.
    ///
    /// - Parameters:
    ///   - name: the pile's name, 1…64 characters from `[-a-zA-Z0-9_]`.
    ///   - cards: the cards to add, in order.
    ///   - visibility: what the caller may see; everything but the stack by default (a plain deck).
    ///   - source: when given, the one pile the cards must come out of.
    ///   - requiringAll: whether every card must be found (all or nothing), as on a live table.
    ///   - creatingFaceDown: whether a pile this creates lies face down (an existing pile keeps its face).
    ///   - atBottom: whether the cards go under the pile's cards (the first listed above the next) rather than on top.
    /// - Returns: the cards that were added.
    /// - Throws: ``DeckError`` when the name is not a valid pile name, the pile would be one more
    ///   than ``maximumPiles``, `source` names no pile, or (with `requiringAll`) a card is absent.
    /// - Complexity: O(*n* · *m*) for *n* cards in play and *m* requested.
    @discardableResult
    public mutating func addToPile(
        named name: String, cards: [Card], visibleTo visibility: TableVisibility = .plain, from source: String? = nil,
        requiringAll: Bool = false, creatingFaceDown: Bool = false, atBottom: Bool = false
    ) throws(DeckError) -> [Card] {
        guard PileName.isValid(name) else { throw .invalidPileName }
        if let source { _ = try existingPileIndex(named: source) }
        var deck = self
        let target: Int
        let targetIsVisible: Bool
        if let existing = deck.pileIndex(named: name) {
            target = existing
            targetIsVisible = visibility.canSeePile(name)
        } else {
            target = try deck.createPile(named: name, faceDown: creatingFaceDown)
            targetIsVisible = !creatingFaceDown && visibility.canSeePile(name)
        }
        var added: [Card] = []
        var drawnCounts = DrawnCounts(source == nil ? deck.drawn : [])
        var alreadyInTarget = DrawnCounts(
            targetIsVisible && (source == nil || source == name) ? deck.piles[target].cards : [])
        var takenFromDrawn: [Card] = []
        for card in cards {
            if drawnCounts.take(card) {
                takenFromDrawn.append(card)
            } else if let from = deck.piles.indices.first(where: {
                $0 != target && (source == nil || deck.piles[$0].name == source)
                    && visibility.canSeePile(deck.piles[$0].name) && deck.piles[$0].cards.contains(card)
            }) {
                // `contains` just found it.
                let position = deck.piles[from].cards.lastIndex(of: card) ?? 0
                deck.piles[from].cards.remove(at: position)
            } else if alreadyInTarget.take(card), let position = deck.piles[target].cards.firstIndex(of: card) {
                deck.piles[target].cards.remove(at: position)
            } else if requiringAll {
                throw .cardNotThere(card, pile: source)
            } else {
                continue
            }
            added.append(card)
        }
        if atBottom {
            // The first listed above the next: the last one listed is the new bottom card.
            deck.piles[target].cards.insert(contentsOf: added.reversed(), at: 0)
        } else {
            deck.piles[target].cards.append(contentsOf: added)
        }
        deck.drawn = DrawnCounts(takenFromDrawn).removingLatest(from: deck.drawn)
        self = deck
        return added
    }

    /// The pile with a given name, or an error naming it when it does not exist.
    ///
    /// - Parameter name: the pile's name.
    /// - Returns: the pile.
    /// - Throws: ``DeckError`` when the pile does not exist.
    public func existingPile(named name: String) throws(DeckError) -> Pile {
        piles[try existingPileIndex(named: name)]
    }

    /// Shuffles one pile.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - generator: the randomness.
    /// - Throws: ``DeckError`` when the pile does not exist.
    public mutating func shufflePile<G: RandomNumberGenerator>(
        named name: String, using generator: inout G
    )
        throws(DeckError)
    {
        let index = try existingPileIndex(named: name)
        piles[index].cards.shuffle(using: &generator)
    }

    /// Shuffles one pile in the order a seed gives to its current order (`riffle-shuffle-v1`, bottom card first).
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - shuffle: the seeded shuffle.
    /// - Throws: ``DeckError`` when the pile does not exist.
    public mutating func shufflePile(named name: String, seededBy shuffle: SeededShuffle) throws(DeckError) {
        let index = try existingPileIndex(named: name)
        piles[index].cards = shuffle.shuffled(piles[index].cards)
    }

    /// Shuffles one pile with the system's secure generator.
    ///
    /// - Parameter name: the pile's name.
    /// - Throws: ``DeckError`` when the pile does not exist.
    public mutating func shufflePile(named name: String) throws(DeckError) {
        var generator = SystemRandomNumberGenerator()
        try shufflePile(named: name, using: &generator)
    }

    /// Draws cards out of a pile. They become drawn cards, in no pile.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - cards: when given, exactly these cards, returned in request order; the pile must hold
    ///     all of them (counting copies) or nothing changes. A face-down pile's cards are absent
    ///     for everyone (see ``TableVisibility``): drawing them by code finds none.
    ///   - count: without `cards`, how many cards to take, 0 or more.
    ///   - source: without `cards`, the top (returned in pile order, bottom-most first), the bottom
    ///     (first-added first) or at random.
    ///   - generator: the randomness for ``DrawSource/random``.
    /// - Returns: the cards drawn.
    /// - Throws: ``DeckError`` when the pile does not exist, lacks a requested card, holds fewer
    ///   than `count` cards, or `count` is negative.
    public mutating func drawFromPile<G: RandomNumberGenerator>(
        named name: String, cards: [Card]? = nil, count: Int = 1, from source: DrawSource = .top,
        using generator: inout G
    ) throws(DeckError) -> [Card] {
        let index = try existingPileIndex(named: name)
        var pileCards = piles[index].cards
        let taken: [Card]
        if let cards {
            var available = DrawnCounts(piles[index].isFaceDown ? [] : pileCards)
            guard cards.allSatisfy({ available.take($0) }) else { throw .pileLacksCards(name) }
            pileCards = DrawnCounts(cards).removingLatest(from: pileCards)
            taken = cards
        } else {
            guard count >= 0 else { throw .negativeCount }
            guard count <= pileCards.count else { throw .notEnoughCards(requested: count) }
            switch source {
            case .top:
                taken = Array(pileCards.suffix(count))
                pileCards.removeLast(count)
            case .bottom:
                taken = Array(pileCards.prefix(count))
                pileCards.removeFirst(count)
            case .random:
                var picked: [Card] = []
                for _ in 0..<count {
                    picked.append(pileCards.remove(at: Int.random(in: 0..<pileCards.count, using: &generator)))
                }
                taken = picked
            }
        }
        piles[index].cards = pileCards
        drawn.append(contentsOf: taken)
        return taken
    }

    /// Draws cards out of a pile, picking random cards with the system's secure generator.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - cards: when given, exactly these cards.
    ///   - count: without `cards`, how many cards.
    ///   - source: without `cards`, top, bottom or random.
    /// - Returns: the cards drawn.
    /// - Throws: ``DeckError`` as ``drawFromPile(named:cards:count:from:using:)`` does.
    public mutating func drawFromPile(
        named name: String, cards: [Card]? = nil, count: Int = 1, from source: DrawSource = .top
    ) throws(DeckError) -> [Card] {
        var generator = SystemRandomNumberGenerator()
        return try drawFromPile(named: name, cards: cards, count: count, from: source, using: &generator)
    }

    /// Returns a pile's cards (or the listed ones of them) to the bottom of the stack. The pile
    /// stays, possibly empty.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - cards: which cards; those not in the pile are ignored, as are all of a face-down pile's
    ///     (absent for everyone). `nil` returns the whole pile, bottom card first.
    /// - Returns: the cards that went back.
    /// - Throws: ``DeckError`` when the pile does not exist.
    @discardableResult
    public mutating func returnPile(named name: String, cards: [Card]? = nil) throws(DeckError) -> [Card] {
        let index = try existingPileIndex(named: name)
        let returned: [Card]
        if let cards {
            var available = DrawnCounts(piles[index].isFaceDown ? [] : piles[index].cards)
            returned = cards.filter { available.take($0) }
            piles[index].cards = DrawnCounts(returned).removingLatest(from: piles[index].cards)
        } else {
            returned = piles[index].cards
            piles[index].cards.removeAll()
        }
        stack.append(contentsOf: returned)
        return returned
    }

    func pileIndex(named name: String) -> Int? {
        piles.firstIndex { $0.name == name }
    }

    private func existingPileIndex(named name: String) throws(DeckError) -> Int {
        guard let index = pileIndex(named: name) else { throw .pileNotFound(name) }
        return index
    }

    /// Appends an empty pile, unless the deck already holds ``maximumPiles``.
    mutating func createPile(named name: String, faceDown: Bool = false) throws(DeckError) -> Int {
        guard piles.count < Self.maximumPiles else { throw .tooManyPiles }
        piles.append(Pile(name: name, isFaceDown: faceDown))
        return piles.count - 1
    }
}

extension DrawnCounts {
    /// `list` without one occurrence of each counted card, taking the latest (top-most) occurrences.
    func removingLatest(from list: [Card]) -> [Card] {
        var remaining = self
        var kept: [Card] = []
        for card in list.reversed() where !remaining.take(card) { kept.append(card) }
        return kept.reversed()
    }
}
