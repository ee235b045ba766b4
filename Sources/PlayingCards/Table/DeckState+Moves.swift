extension DeckState {
    /// The cards that changed place between `before` and this state, grouped by where they came
    /// from and went to.
    ///
    /// Any change of a deck is described, whatever the operation: for each card, the places that
    /// hold fewer copies of it are paired with the places that hold more, in the order stack,
    /// drawn cards, piles in creation order. A card that arrived with no place it left (a reshuffle
    /// that changed the deck's contents) comes from the stack. Reordering within one place is not a
    /// move.
    ///
    /// Only the places whose cards changed are counted, and only where they changed (what both
    /// states hold in the same order at the start and end of a place is skipped). While the deck's
    /// composition stays the same, the stack's counts follow from every other place's, since every
    /// card is somewhere: a draw from a 20-deck shoe counts one card, not the shoe.
    ///
    /// - Parameter before: the state before the change.
    /// - Returns: the moves, in the order their first card sits at its destination (stack first).
    /// - Complexity: O(*c* + *p*) for *c* cards in the changed places and *p* piles.
    public func moves(since before: DeckState) -> [CardMove] {
        var changes = PlaceChanges()
        changes.record(.drawn, from: before.drawn, to: drawn)
        // Piles are paired by name. Usually the old ones kept their order, and any new ones follow them.
        let keptTheirOrder =
            before.piles.count <= piles.count
            && before.piles.indices.allSatisfy { before.piles[$0].name == piles[$0].name }
        if keptTheirOrder {
            for index in piles.indices {
                let old = index < before.piles.count ? before.piles[index].cards : []
                changes.record(.pile(piles[index].name), from: old, to: piles[index].cards)
            }
        } else {
            for pile in piles {
                changes.record(.pile(pile.name), from: before.pile(named: pile.name)?.cards ?? [], to: pile.cards)
            }
            for pile in before.piles where self.pile(named: pile.name) == nil {
                changes.record(.pile(pile.name), from: pile.cards, to: [])
            }
        }
        if composition == before.composition {
            changes.recordStackAsTheRest()
        } else {
            changes.record(.stack, from: before.stack, to: stack)
        }
        guard !changes.isEmpty else { return [] }

        // Where each card's departing copies were, in the order stack, drawn cards, old piles.
        var departures = [[CardLocation]](repeating: [], count: Card.allCards.count)
        func depart(_ location: CardLocation) {
            guard let counts = changes.counts(of: location) else { return }
            for (ordinal, count) in counts.enumerated() where count < 0 {
                departures[ordinal] += repeatElement(location, count: -count)
            }
        }
        depart(.stack)
        depart(.drawn)
        for pile in before.piles { depart(.pile(pile.name)) }

        var arrivals = [Int](repeating: 0, count: Card.allCards.count)
        var moves: [CardMove] = []
        func arrive(_ location: CardLocation, cards: [Card]) {
            guard let counts = changes.counts(of: location) else { return }
            var left = counts.map { max(0, $0) }
            var leftInAll = left.reduce(0, +)
            guard leftInAll > 0 else { return }
            // The arrived copies of a card are its top-most (last) occurrences.
            var arrived: [Card] = []
            for card in cards.reversed() where left[Int(card.ordinal)] > 0 {
                left[Int(card.ordinal)] -= 1
                arrived.append(card)
                leftInAll -= 1
                if leftInAll == 0 { break }
            }
            for card in arrived.reversed() {
                let ordinal = Int(card.ordinal)
                let source =
                    arrivals[ordinal] < departures[ordinal].count ? departures[ordinal][arrivals[ordinal]] : .stack
                arrivals[ordinal] += 1
                if let last = moves.last, last.from == source, last.to == location {
                    moves[moves.count - 1] = CardMove(from: source, to: location, cards: last.cards + [card])
                } else {
                    moves.append(CardMove(from: source, to: location, cards: [card]))
                }
            }
        }
        arrive(.stack, cards: stack)
        arrive(.drawn, cards: drawn)
        for pile in piles { arrive(.pile(pile.name), cards: pile.cards) }
        return moves
    }
}

/// How many copies of each card every changed place gained (positive) or lost (negative).
private struct PlaceChanges {
    private var locations: [CardLocation] = []
    private var changes: [[Int]] = []
    /// Every change so far summed, for the stack when it is the rest.
    private var total: [Int]?

    var isEmpty: Bool { changes.isEmpty }

    func counts(of location: CardLocation) -> [Int]? {
        locations.firstIndex(of: location).map { changes[$0] }
    }

    /// Counts what changed from `old` to `new`, skipping what both hold in the same order at the
    /// start and at the end; records nothing when the counts stay the same.
    mutating func record(_ location: CardLocation, from old: [Card], to new: [Card]) {
        guard old != new else { return }
        let shorter = min(old.count, new.count)
        var start = 0
        while start < shorter && old[start] == new[start] { start += 1 }
        var oldEnd = old.count
        var newEnd = new.count
        while oldEnd > start && newEnd > start && old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        var counts = [Int](repeating: 0, count: Card.allCards.count)
        for card in new[start..<newEnd] { counts[Int(card.ordinal)] += 1 }
        for card in old[start..<oldEnd] { counts[Int(card.ordinal)] -= 1 }
        guard counts.contains(where: { $0 != 0 }) else { return }
        locations.append(location)
        changes.append(counts)
        if var sum = total {
            for ordinal in sum.indices { sum[ordinal] += counts[ordinal] }
            total = sum
        } else {
            total = counts
        }
    }

    /// Records the stack's change as the opposite of every other place's together: what they
    /// gained left the stack, what they lost went into it (the deck's composition is the same).
    mutating func recordStackAsTheRest() {
        guard let total, total.contains(where: { $0 != 0 }) else { return }
        locations.append(.stack)
        changes.append(total.map { -$0 })
    }
}
