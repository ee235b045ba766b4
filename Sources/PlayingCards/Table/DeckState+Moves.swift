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
    /// - Parameter before: the state before the change.
    /// - Returns: the moves, in the order their first card sits at its destination (stack first).
    /// - Complexity: O(*n*) in the number of cards.
    public func moves(since before: DeckState) -> [CardMove] {
        let oldPlaces = before.places
        let newPlaces = places
        var departures = [[CardLocation]](repeating: [], count: 54)
        var arrivals = [Int](repeating: 0, count: 54)
        var arrivalsByPlace: [(CardLocation, [Int])] = []
        // Most changes touch one or two places: an unchanged one has neither arrivals nor departures.
        for (location, cards) in newPlaces {
            let old = oldPlaces.first { $0.0 == location }?.1 ?? []
            guard old != cards else { continue }
            arrivalsByPlace.append((location, Self.difference(cards, minus: old)))
        }
        for (location, cards) in oldPlaces {
            let new = newPlaces.first { $0.0 == location }?.1 ?? []
            guard new != cards else { continue }
            let gone = Self.difference(cards, minus: new)
            for (ordinal, count) in gone.enumerated() where count > 0 {
                departures[ordinal] += Array(repeating: location, count: count)
            }
        }
        var moves: [CardMove] = []
        for (location, arrivedCounts) in arrivalsByPlace {
            guard arrivedCounts.contains(where: { $0 > 0 }) else { continue }
            let cards = newPlaces.first { $0.0 == location }!.1
            // The arrived copies of a card are its top-most (last) occurrences.
            var left = arrivedCounts
            var arrived: [Card] = []
            for card in cards.reversed() where left[Int(card.ordinal)] > 0 {
                left[Int(card.ordinal)] -= 1
                arrived.append(card)
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
        return moves
    }

    /// Every place and its cards: the stack, the drawn cards, then each pile.
    private var places: [(CardLocation, [Card])] {
        [(.stack, stack), (.drawn, drawn)] + piles.map { (.pile($0.name), $0.cards) }
    }

    /// How many more copies of each card `cards` holds than `other`, by ordinal (never negative).
    private static func difference(_ cards: [Card], minus other: [Card]) -> [Int] {
        var counts = [Int](repeating: 0, count: 54)
        for card in cards { counts[Int(card.ordinal)] += 1 }
        for card in other { counts[Int(card.ordinal)] -= 1 }
        return counts.map { max(0, $0) }
    }
}
