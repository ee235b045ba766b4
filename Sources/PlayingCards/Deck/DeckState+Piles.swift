extension DeckState {
    /// Moves drawn cards into a pile, creating the pile if needed. Added cards go on top, in order.
    ///
    /// Each requested card is taken from the drawn cards if a copy is there, otherwise out of
    /// another pile that holds it (the first in creation order), otherwise, if the pile itself
    /// holds it, it moves to the pile's top. Cards still in the stack are ignored, as the public
    /// API does, but the pile is created all the same.
    ///
    /// - Parameters:
    ///   - name: the pile's name, 1…64 characters from `[-a-zA-Z0-9_]`.
    ///   - cards: the cards to add, in order.
    ///   - mayTakeFrom: whether a card may be taken out of the pile of a given name (on a live
    ///     table, only piles the caller can see); every pile by default.
    /// - Returns: the cards that were added.
    /// - Throws: ``DeckError`` when the name is not a valid pile name.
    /// - Complexity: O(*n* · *m*) for *n* cards in play and *m* requested.
    @discardableResult
    public mutating func addToPile(
        named name: String, cards: [Card], takingFrom mayTakeFrom: (String) -> Bool = { _ in true }
    ) throws(DeckError) -> [Card] {
        guard PileName.isValid(name) else { throw .invalidPileName }
        let target = pileIndex(named: name) ?? createPile(named: name)
        var added: [Card] = []
        var drawnCounts = DrawnCounts(drawn)
        var alreadyInTarget = DrawnCounts(piles[target].cards)
        var takenFromDrawn: [Card] = []
        for card in cards {
            if drawnCounts.take(card) {
                takenFromDrawn.append(card)
            } else if let source = piles.indices.first(where: {
                $0 != target && piles[$0].cards.contains(card) && mayTakeFrom(piles[$0].name)
            }) {
                let position = piles[source].cards.lastIndex(of: card)!
                piles[source].cards.remove(at: position)
            } else if alreadyInTarget.take(card), let position = piles[target].cards.firstIndex(of: card) {
                piles[target].cards.remove(at: position)
            } else {
                continue
            }
            piles[target].cards.append(card)
            added.append(card)
        }
        drawn = DrawnCounts(takenFromDrawn).removingLatest(from: drawn)
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
    ///     all of them (counting copies) or nothing changes.
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
            var available = DrawnCounts(pileCards)
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
    ///   - cards: which cards; those not in the pile are ignored. `nil` returns the whole pile,
    ///     bottom card first.
    /// - Returns: the cards that went back.
    /// - Throws: ``DeckError`` when the pile does not exist.
    @discardableResult
    public mutating func returnPile(named name: String, cards: [Card]? = nil) throws(DeckError) -> [Card] {
        let index = try existingPileIndex(named: name)
        let returned: [Card]
        if let cards {
            var available = DrawnCounts(piles[index].cards)
            returned = cards.filter { available.take($0) }
            piles[index].cards = DrawnCounts(returned).removingLatest(from: piles[index].cards)
        } else {
            returned = piles[index].cards
            piles[index].cards.removeAll()
        }
        stack.append(contentsOf: returned)
        return returned
    }

    private func pileIndex(named name: String) -> Int? {
        piles.firstIndex { $0.name == name }
    }

    private func existingPileIndex(named name: String) throws(DeckError) -> Int {
        guard let index = pileIndex(named: name) else { throw .pileNotFound(name) }
        return index
    }

    private mutating func createPile(named name: String) -> Int {
        piles.append(Pile(name: name))
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
