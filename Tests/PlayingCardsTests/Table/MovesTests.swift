import PlayingCards
import Testing

@Suite struct MovesTests {
    private func codes(_ move: CardMove) -> [String] { move.cards.map(\.code) }

    @Test func eachOperationIsDescribedByWhereItsCardsWent() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        var before = deck
        try deck.deal(toPile: "alice", count: 3)
        var moves = deck.moves(since: before)
        #expect(moves.map(\.from) == [.stack])
        #expect(moves.map(\.to) == [.pile("alice")])
        #expect(moves.map(codes) == [["AS", "2S", "3S"]])

        before = deck
        _ = try deck.draw(count: 2)
        _ = try deck.drawFromPile(named: "alice", cards: CardList.parse("2S"))
        moves = deck.moves(since: before)
        #expect(
            moves == [
                CardMove(from: .stack, to: .drawn, cards: CardList.parse("4S,5S")),
                CardMove(from: .pile("alice"), to: .drawn, cards: CardList.parse("2S")),
            ])

        before = deck
        _ = deck.returnCards(nil)
        moves = deck.moves(since: before)
        #expect(moves.count == 1)
        #expect(moves.first?.from == .drawn)
        #expect(moves.first?.to == .stack)
        #expect(Set(moves.first?.cards.map(\.code) ?? []) == ["2S", "4S", "5S"])

        before = deck
        try deck.shufflePile(named: "alice")
        deck.shuffleRemaining()
        #expect(deck.moves(since: before).isEmpty)

        before = deck
        deck.shuffleAll()
        moves = deck.moves(since: before)
        #expect(moves.map(\.from) == [.pile("alice")])
        #expect(moves.map(\.to) == [.stack])
        #expect(Set(moves.first?.cards.map(\.code) ?? []) == ["AS", "3S"])
    }

    @Test func copiesAreCountedInMultiDeckShoes() throws {
        var deck = DeckState(composition: try DeckComposition(deckCount: 2), shuffled: false)
        _ = try deck.draw(count: 53)  // both aces of spades are drawn
        let before = deck
        try deck.addToPile(named: "centre", cards: CardList.parse("AS,AS,AS"))
        let moves = deck.moves(since: before)
        #expect(moves == [CardMove(from: .drawn, to: .pile("centre"), cards: CardList.parse("AS,AS"))])
    }
}

/// `moves(since:)` counts only the places that changed, and only where they changed, and takes the
/// stack's counts from the other places'; it must describe every change exactly as counting every
/// place in full does. The reference below is that full count, as `moves(since:)` did it before.
@Suite struct MovesReferenceTests {
    private static func referenceMoves(_ after: DeckState, since before: DeckState) -> [CardMove] {
        func places(_ deck: DeckState) -> [(CardLocation, [Card])] {
            [(.stack, deck.stack), (.drawn, deck.drawn)] + deck.piles.map { (.pile($0.name), $0.cards) }
        }
        func difference(_ cards: [Card], minus other: [Card]) -> [Int] {
            var counts = [Int](repeating: 0, count: 54)
            for card in cards { counts[Int(card.ordinal)] += 1 }
            for card in other { counts[Int(card.ordinal)] -= 1 }
            return counts.map { max(0, $0) }
        }
        let oldPlaces = places(before)
        let newPlaces = places(after)
        var departures = [[CardLocation]](repeating: [], count: 54)
        var arrivals = [Int](repeating: 0, count: 54)
        var arrivalsByPlace: [(CardLocation, [Int])] = []
        for (location, cards) in newPlaces {
            let old = oldPlaces.first { $0.0 == location }?.1 ?? []
            arrivalsByPlace.append((location, difference(cards, minus: old)))
        }
        for (location, cards) in oldPlaces {
            let new = newPlaces.first { $0.0 == location }?.1 ?? []
            for (ordinal, count) in difference(cards, minus: new).enumerated() where count > 0 {
                departures[ordinal] += Array(repeating: location, count: count)
            }
        }
        var moves: [CardMove] = []
        for (location, arrivedCounts) in arrivalsByPlace {
            guard arrivedCounts.contains(where: { $0 > 0 }) else { continue }
            let cards = newPlaces.first { $0.0 == location }!.1
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

    @Test(arguments: [1, 2, 3]) func randomChangesAreDescribedAsAFullCountDescribesThem(deckCount: Int) throws {
        var generator = SeededRandomNumberGenerator(seed: UInt64(3_300 + deckCount))
        var deck = DeckState(
            composition: try DeckComposition(deckCount: deckCount, jokersEnabled: deckCount == 2), shuffled: true,
            using: &generator)
        let names = ["alice", "bob", "centre", "discard", "x"]
        var described = 0
        for step in 0..<3_000 {
            let before = deck
            let name = names.randomElement(using: &generator)!
            let count = Int.random(in: 0...4, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: _ = try? deck.draw(count: count, from: [.top, .bottom, .random].randomElement(using: &generator)!)
            case 1: _ = try? deck.deal(toPile: name, count: count)
            case 2:
                let cards = (deck.drawn + deck.piles.flatMap(\.cards)).shuffled(using: &generator).prefix(count)
                _ = try? deck.addToPile(named: name, cards: Array(cards))
            case 3: _ = try? deck.drawFromPile(named: name, count: count, from: .random, using: &generator)
            case 4:
                _ = deck.returnCards(
                    Int.random(in: 0..<2, using: &generator) == 0 ? nil : Array(deck.drawn.prefix(count)))
            case 5: _ = try? deck.returnPile(named: name)
            case 6: _ = try? deck.shufflePile(named: name, using: &generator)
            case 7: deck.shuffleRemaining(using: &generator)
            case 8:
                // Rarely a full reshuffle, sometimes changing what the deck is made of.
                guard step % 7 == 0 else { continue }
                let contents: [Card]? =
                    step % 3 == 0 ? Array(Card.standardCards.shuffled(using: &generator).prefix(20)) : nil
                deck.shuffleAll(
                    jokersEnabled: step % 2 == 0 ? Bool.random(using: &generator) : nil, partialContents: contents,
                    using: &generator)
            default:
                // Piles created and removed in between: a deck read back without one of them.
                guard let removed = deck.piles.randomElement(using: &generator), removed.cards.isEmpty else { continue }
                deck = DeckState(
                    composition: deck.composition, stack: deck.stack,
                    piles: deck.piles.filter { $0.name != removed.name },
                    drawn: deck.drawn, shuffled: deck.shuffled)
            }
            let moves = deck.moves(since: before)
            #expect(moves == Self.referenceMoves(deck, since: before), "step \(step)")
            if !moves.isEmpty { described += 1 }
        }
        #expect(described > 800)
    }
}
