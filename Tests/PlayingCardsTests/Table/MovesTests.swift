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
