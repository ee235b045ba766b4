import PlayingCards
import Testing

/// The visibility rule and the roles, at the engine level.
@Suite struct TableRulesTests {
    private let hash = [UInt8](repeating: 7, count: 32)

    /// alice holds AS 2S 3S, bob 4S 5S 6S; 7S is drawn; the stack starts at 8S.
    private func dealtTable() throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        try deck.join(player: "alice", tokenHash: hash)
        try deck.join(player: "bob", tokenHash: [UInt8](repeating: 8, count: 32))
        try deck.deal(toPile: "alice", count: 3)
        try deck.deal(toPile: "bob", count: 3)
        _ = try deck.draw(count: 1)
        return deck
    }

    @Test func aCardInAHiddenHandIsAbsentExactlyAsOneInTheStack() throws {
        let deck = try dealtTable()
        for card in ["AS", "9S"] {
            // Into alice's own hand, as bob: AS is hers (hidden from bob), 9S is in the stack.
            var lenient = deck
            let added = try lenient.addToPile(
                named: "alice", cards: CardList.parse(card), visibleTo: deck.visibility(for: "bob"))
            #expect(added.isEmpty)
            #expect(lenient == deck)
            var strict = deck
            #expect(throws: DeckError.self) {
                try strict.addToPile(
                    named: "alice", cards: CardList.parse(card), visibleTo: deck.visibility(for: "bob"),
                    requiringAll: true)
            }
            #expect(strict == deck)
        }
        // Alice herself may reorder her hand, and take the drawn card.
        var mine = deck
        try mine.addToPile(named: "alice", cards: CardList.parse("AS,7S"), visibleTo: deck.visibility(for: "alice"))
        #expect(mine.pile(named: "alice")?.cards.map(\.code) == ["2S", "3S", "AS", "7S"])
    }

    @Test func aSourcePileLimitsWhereCardsComeFrom() throws {
        var deck = try dealtTable()
        try deck.addToPile(named: "centre", cards: CardList.parse("7S"))
        _ = try deck.draw(count: 1)  // 8S drawn
        var taken = deck
        try taken.addToPile(
            named: "alice", cards: CardList.parse("7S"), visibleTo: deck.visibility(for: "alice"), from: "centre",
            requiringAll: true)
        #expect(taken.pile(named: "centre")?.cards.isEmpty == true)
        var refused = deck
        let error = #expect(throws: DeckError.self) {
            try refused.addToPile(
                named: "alice", cards: CardList.parse("8S"), visibleTo: deck.visibility(for: "alice"),
                from: "centre", requiringAll: true)
        }
        #expect(error?.kind == .cardNotThere)
        #expect(error?.message == "The card 8S is not in the pile centre any more; nothing was moved.")
        #expect(refused == deck)
    }

    @Test func aSeatedFullReshuffleKeepsPilesAndPlayers() throws {
        var deck = try dealtTable()
        try deck.addToPile(named: "centre", cards: CardList.parse("7S"))
        var generator = SeededRandomNumberGenerator(seed: 1)
        deck.shuffleAll(using: &generator)
        #expect(deck.piles.map(\.name) == ["alice", "bob", "centre"])
        #expect(deck.piles.allSatisfy { $0.cards.isEmpty })
        #expect(deck.remaining == 52)
        #expect(deck.table?.players.count == 2)
        #expect(deck.isConsistent)
        var plain = DeckState(composition: try DeckComposition(), shuffled: false)
        try plain.deal(toPile: "centre", count: 2)
        plain.becomeLiveTable()
        plain.shuffleAll(using: &generator)
        #expect(plain.piles.isEmpty)
    }

    @Test func removingAPlayerShufflesTheHandIntoTheStackAndPassesTheHost() throws {
        var deck = try dealtTable()
        #expect(deck.host == "alice")
        let stack = deck.stack
        var generator = SeededRandomNumberGenerator(seed: 7)
        let hand = try deck.removePlayer(named: "alice", using: &generator)
        #expect(hand.map(\.code) == ["AS", "2S", "3S"])
        #expect(deck.stack.count == stack.count + 3)
        #expect(deck.stack.sorted { $0.ordinal < $1.ordinal } == (stack + hand).sorted { $0.ordinal < $1.ordinal })
        #expect(deck.stack.suffix(3).map(\.code) != ["AS", "2S", "3S"])
        // The order depends only on the cards and the randomness, not on where they were.
        var twin = try dealtTable()
        var twinGenerator = SeededRandomNumberGenerator(seed: 7)
        try twin.shufflePile(named: "alice", using: &twinGenerator)
        twinGenerator = SeededRandomNumberGenerator(seed: 7)
        try twin.removePlayer(named: "alice", using: &twinGenerator)
        #expect(twin.stack == deck.stack)
        #expect(deck.pile(named: "alice") == nil)
        #expect(deck.host == "bob")
        #expect(deck.isConsistent)
        #expect(throws: TableError.self) { try deck.removePlayer(named: "alice") }
        try deck.removePlayer(named: "bob")
        #expect(!deck.isSeated)
        #expect(deck.isLiveTable)
    }

    @Test func joiningNeverTakesCardsAndPilesAreBounded() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        try deck.deal(toPile: "centre", count: 2)
        try deck.addToPile(named: "empty", cards: [])
        let joinedCentre = #expect(throws: TableError.self) { try deck.join(player: "centre", tokenHash: hash) }
        #expect(joinedCentre?.kind == .pileHoldsCards)
        try deck.join(player: "empty", tokenHash: hash)
        #expect(deck.isPrivatePile("empty"))
        for index in deck.piles.count..<DeckState.maximumPiles { try deck.addToPile(named: "p\(index)", cards: []) }
        let before = deck
        #expect(throws: DeckError.self) { try deck.addToPile(named: "one-more", cards: []) }
        #expect(throws: DeckError.self) { try deck.deal(toPile: "one-more", count: 1) }
        let joined = #expect(throws: TableError.self) {
            try deck.join(player: "one-more", tokenHash: [UInt8](repeating: 3, count: 32))
        }
        #expect(joined?.kind == .tooManyPiles)
        #expect(deck == before)
        try deck.deal(toPile: "centre", count: 1)
    }
}
