import Testing

@testable import PlayingCards

/// A table's rounds: started from a seed and committed to, their stack's changes kept as audit steps, ended by the
/// host with every card gathered, and stored with the deck.
@Suite struct TableRoundTests {
    static func seatedDeck(decks: Int = 1) throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(deckCount: decks), shuffled: true)
        try deck.join(player: "ann", tokenHash: Array(repeating: 1, count: 32))
        try deck.join(player: "bob", tokenHash: Array(repeating: 2, count: 32))
        return deck
    }

    @Test func aRoundOrdersTheCardsAsItsSeedDoesAndCommitsToIt() throws {
        var deck = try Self.seatedDeck()
        let seed = try SeededShuffle(seed: "riffle")
        try deck.startRound(seed: seed)
        let round = try #require(deck.table?.round)
        #expect(round.number == 1)
        #expect(!round.isOver)
        #expect(deck.stack == seed.shuffled(deck.composition.allCards))
        #expect(round.commitment.digest == "3e32790b3f70052031c7b9759877f254aff1ae0344afd5d223955ae46440fc40")
        try deck.startRound(seed: try SeededShuffle(seed: "2026"))
        #expect(deck.table?.round?.number == 2)
    }

    @Test func theStacksChangesAreKeptAsTheAuditsSteps() throws {
        var deck = try Self.seatedDeck()
        try deck.startRound(seed: try SeededShuffle(seed: "riffle"))
        let order = deck.stack
        var before = deck.stack
        _ = try deck.deal(toPile: "ann", count: 2)
        deck.noteStackChange(since: before)
        before = deck.stack
        _ = try deck.draw(count: 1)
        deck.noteStackChange(since: before)
        before = deck.stack
        _ = try deck.draw(count: 2, from: .bottom)
        deck.noteStackChange(since: before)
        before = deck.stack
        let returned = deck.returnCards(nil)
        deck.noteStackChange(since: before)
        let steps = try #require(deck.table?.round?.steps)
        #expect(
            steps == [
                .fromTop(Array(order[0..<3])), .fromBottom([order[51], order[50]]), .returnedToBottom(returned),
            ])
        let audit = RoundAudit(
            commitment: try #require(deck.table?.round?.commitment), seed: "riffle", cards: deck.composition.allCards,
            round: 1, steps: steps)
        #expect(audit.isVerified && audit.checkedEverything && audit.checks.count == 5)

        before = deck.stack
        _ = try deck.draw(count: 1, from: .random)
        deck.noteStackChange(since: before)
        before = deck.stack
        _ = try deck.draw(count: 1)
        deck.noteStackChange(since: before)
        #expect(deck.table?.round?.steps.last == .stackReshuffled, "nothing after a random draw is checkable")
    }

    @Test func aStepIsTheOneThingAChangeDidToTheStackEvenWithCopiesOfACard() throws {
        let shoe = try DeckComposition(deckCount: 2).allCards
        let ace = Card.standardCards[0]
        #expect(TableRound.step(from: [ace, ace, ace], to: [ace, ace]) == .fromTop([ace]))
        #expect(TableRound.step(from: shoe, to: Array(shoe[3...])) == .fromTop(Array(shoe[..<3])))
        #expect(
            TableRound.step(from: shoe, to: Array(shoe[..<100]))
                == .fromBottom([
                    shoe[103], shoe[102], shoe[101],
                    shoe[100],
                ]))
        #expect(TableRound.step(from: [ace], to: [ace, shoe[5]]) == .returnedToBottom([shoe[5]]))
        #expect(TableRound.step(from: Array(shoe[0..<3]), to: [shoe[1], shoe[0], shoe[2]]) == .stackReshuffled)
        #expect(TableRound.step(from: Array(shoe[0..<3]), to: [shoe[0], shoe[2]]) == .stackReshuffled)
    }

    @Test func endingARoundGathersEveryCardIntoTheStack() throws {
        var generator = SystemRandomNumberGenerator()
        var deck = try Self.seatedDeck()
        #expect(throws: TableError.self) { try deck.endRound(using: &generator) }
        try deck.startRound(seed: try SeededShuffle(seed: "riffle"))
        _ = try deck.deal(toPile: "ann", count: 5)
        _ = try deck.deal(toPile: "centre", count: 3)
        _ = try deck.draw(count: 2)
        try deck.endRound(using: &generator)
        #expect(deck.remaining == 52 && deck.drawn.isEmpty && deck.piles.allSatisfy { $0.cards.isEmpty })
        #expect(deck.table?.round?.isOver == true)
        #expect(deck.revealsLatestRound)
        #expect(throws: TableError.self) { try deck.endRound(using: &generator) }
        deck.setRevealsRounds(false)
        #expect(!deck.revealsLatestRound)
    }

    @Test func aRoundIsStoredWithItsDeckAndATableWithoutRoundsAsBefore() throws {
        var deck = try Self.seatedDeck(decks: 2)
        let plain = try deck.serialized()
        try deck.startRound(seed: try SeededShuffle(seed: "game night ♠"))
        var before = deck.stack
        _ = try deck.deal(toPile: "bob", count: 4)
        deck.noteStackChange(since: before)
        before = deck.stack
        deck.returnCards(nil)
        deck.noteStackChange(since: before)
        deck.setRevealsRounds(false)
        let bytes = try deck.serialized()
        #expect(try DeckState(serialized: bytes) == deck)
        #expect(try DeckState(serialized: plain).table?.round == nil)
        #expect(try DeckState(serialized: plain).table?.revealsRounds == true)
        // Cut short anywhere in the round's section: an error, never a trap.
        for length in (plain.count - 1)..<bytes.count {
            #expect(throws: DeckDecodingError.self) { try DeckState(serialized: Array(bytes[..<length])) }
        }
    }

    @Test func aRoundOfEndlessDrawsAndReturnsStopsBeingCheckedBeforeItOutgrowsTheDeck() throws {
        var deck = try Self.seatedDeck()
        try deck.startRound(seed: try SeededShuffle(seed: "riffle"))
        for _ in 0..<(TableRound.maximumRecordedCards / 2 + 2) {
            var before = deck.stack
            _ = try deck.draw(count: 1)
            deck.noteStackChange(since: before)
            before = deck.stack
            deck.returnCards(nil)
            deck.noteStackChange(since: before)
        }
        let round = try #require(deck.table?.round)
        #expect(round.recordedCards <= TableRound.maximumRecordedCards)
        #expect(round.steps.last == .stackReshuffled)
        #expect(try DeckState(serialized: try deck.serialized()) == deck)
    }
}
