import PlayingCards
import Testing

@Suite struct DeckStateTests {
    private func codes(_ cards: [Card]) -> [String] { cards.map(\.code) }
    private func cards(_ list: String) -> [Card] { CardList.parse(list) }

    @Test func drawingTakesFromTheTopAndRecordsDrawnCards() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let outcome = try deck.draw(count: 2)
        #expect(codes(outcome.cards) == ["AS", "2S"])
        #expect(outcome.isComplete)
        #expect(deck.remaining == 50)
        #expect(codes(deck.drawn) == ["AS", "2S"])
        #expect(deck.isConsistent)
    }

    @Test func overdrawingDealsEverythingLeftAndReportsTheShortfall() throws {
        var deck = DeckState(composition: try DeckComposition(partialContents: cards("AS,2S,3S")), shuffled: false)
        let outcome = try deck.draw(count: 5)
        #expect(codes(outcome.cards) == ["AS", "2S", "3S"])
        #expect(!outcome.isComplete)
        #expect(outcome.shortfallMessage == "Not enough cards remaining to draw 5 additional")
        #expect(deck.remaining == 0)
    }

    @Test func negativeCountsAreRefusedAndChangeNothing() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let before = deck
        #expect(throws: DeckError.self) { try deck.draw(count: -1) }
        #expect(deck == before)
    }

    @Test func drawingFromTheBottomAndAtRandom() throws {
        var generator = SeededRandomNumberGenerator(seed: 7)
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        #expect(codes(try deck.draw(count: 2, from: .bottom, using: &generator).cards) == ["KH", "QH"])
        let random = try deck.draw(count: 10, from: .random, using: &generator).cards
        #expect(Set(random).count == 10)
        #expect(deck.remaining == 40)
        #expect(deck.isConsistent)
    }

    @Test func returningPutsDrawnCardsUnderTheStack() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 3)
        let returned = deck.returnCards(cards("3S,KH,AS"))
        #expect(codes(returned) == ["3S", "AS"])
        #expect(codes(Array(deck.stack.suffix(2))) == ["3S", "AS"])
        #expect(codes(deck.drawn) == ["2S"])
        deck.returnCards(nil)
        #expect(deck.drawn.isEmpty)
        #expect(deck.remaining == 52)
        #expect(deck.isConsistent)
    }

    @Test func returningEverythingFollowsTheCompositionOrderCopyByCopy() throws {
        var deck = DeckState(composition: try DeckComposition(deckCount: 2, jokersEnabled: true), shuffled: false)
        _ = try deck.draw(count: 106)  // one copy, then the second copy up to KH
        deck.returnCards(cards("3S,AS"))
        _ = try deck.draw(count: 2)  // X1 X2 of the second copy
        _ = try deck.draw(count: 2)  // 3S AS, dealt in that order
        let returned = deck.returnCards(nil)
        #expect(returned.count == 108)
        #expect(codes(Array(returned.prefix(3))) == ["AS", "2S", "3S"])
        #expect(codes(Array(returned[52...56])) == ["X1", "X2", "AS", "2S", "3S"])
        #expect(codes(Array(returned.suffix(2))) == ["X1", "X2"])

        var partial = DeckState(composition: try DeckComposition(partialContents: cards("KH,AS,2C")), shuffled: false)
        _ = try partial.draw(count: 3)
        partial.returnCards(cards("AS"))
        _ = try partial.draw(count: 1)
        #expect(codes(partial.returnCards(nil)) == ["KH", "AS", "2C"])
        #expect(partial.isConsistent)
    }

    @Test func pilesTakeDrawnCardsAndIgnoreCardsInTheStack() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 3)
        let added = try deck.addToPile(named: "hand", cards: cards("AS,KH,2S"))
        #expect(codes(added) == ["AS", "2S"])
        #expect(codes(deck.pile(named: "hand")!.cards) == ["AS", "2S"])
        #expect(codes(deck.drawn) == ["3S"])
        _ = try deck.addToPile(named: "empty", cards: cards("KH"))
        #expect(deck.pile(named: "empty")?.cards == [])
        #expect(deck.piles.map(\.name) == ["hand", "empty"])
        #expect(deck.isConsistent)
    }

    @Test func addingMovesCardsBetweenPiles() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 4)
        try deck.addToPile(named: "a", cards: cards("AS,2S,3S"))
        try deck.addToPile(named: "b", cards: cards("2S,4S"))
        #expect(codes(deck.pile(named: "a")!.cards) == ["AS", "3S"])
        #expect(codes(deck.pile(named: "b")!.cards) == ["2S", "4S"])
        try deck.addToPile(named: "b", cards: cards("2S"))
        #expect(codes(deck.pile(named: "b")!.cards) == ["4S", "2S"])
        #expect(deck.isConsistent)
    }

    @Test func pileDrawsByNameByCountAndFromEachEnd() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 6)
        try deck.addToPile(named: "p", cards: cards("AS,2S,3S,4S,5S,6S"))
        #expect(codes(try deck.drawFromPile(named: "p", cards: cards("4S,AS"))) == ["4S", "AS"])
        #expect(codes(try deck.drawFromPile(named: "p", count: 2)) == ["5S", "6S"])
        #expect(codes(try deck.drawFromPile(named: "p", count: 1, from: .bottom)) == ["2S"])
        #expect(codes(deck.pile(named: "p")!.cards) == ["3S"])
        #expect(deck.isConsistent)
    }

    @Test func failedPileRequestsChangeNothing() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 2)
        try deck.addToPile(named: "p", cards: cards("AS,2S"))
        let before = deck
        #expect(throws: DeckError.self) { try deck.drawFromPile(named: "p", cards: cards("AS,KH")) }
        #expect(throws: DeckError.self) { try deck.drawFromPile(named: "p", count: 3) }
        #expect(throws: DeckError.self) { try deck.drawFromPile(named: "nope", count: 1) }
        #expect(throws: DeckError.self) { try deck.shufflePile(named: "nope") }
        #expect(throws: DeckError.self) { try deck.returnPile(named: "nope") }
        #expect(throws: DeckError.self) { try deck.addToPile(named: "bad name", cards: []) }
        #expect(deck == before)
        do {
            _ = try deck.drawFromPile(named: "p", cards: cards("KH"))
        } catch {
            #expect(error.message == "The pile, p does not contain the requested cards.")
        }
        do {
            _ = try deck.drawFromPile(named: "p", count: 3)
        } catch {
            #expect(error.message == "Not enough cards remaining to draw 3 additional")
        }
    }

    @Test func returningAPileKeepsItEmpty() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 3)
        try deck.addToPile(named: "p", cards: cards("AS,2S,3S"))
        #expect(codes(try deck.returnPile(named: "p", cards: cards("2S,KH"))) == ["2S"])
        #expect(codes(try deck.returnPile(named: "p")) == ["AS", "3S"])
        #expect(deck.pile(named: "p")?.cards == [])
        #expect(codes(Array(deck.stack.suffix(3))) == ["2S", "AS", "3S"])
        #expect(deck.isConsistent)
    }

    @Test func multiDeckPilesCountCopies() throws {
        var deck = DeckState(composition: try DeckComposition(deckCount: 2), shuffled: false)
        _ = try deck.draw(count: 1)
        // One ace of spades is drawn while its other copy is still in the stack: it still moves.
        #expect(codes(try deck.addToPile(named: "p", cards: cards("AS,AS"))) == ["AS"])
        _ = try deck.draw(count: 52)
        #expect(codes(try deck.addToPile(named: "p", cards: cards("AS"))) == ["AS"])
        #expect(deck.pile(named: "p")?.remaining == 2)
        #expect(codes(try deck.drawFromPile(named: "p", cards: cards("AS,AS"))) == ["AS", "AS"])
        #expect(codes(deck.returnCards(cards("AS,AS,AS"))) == ["AS", "AS"])
        #expect(deck.isConsistent)
    }

    @Test func fullReshuffleClearsPilesAndRemembersContents() throws {
        var generator = SeededRandomNumberGenerator(seed: 1)
        var deck = DeckState(
            composition: try DeckComposition(partialContents: cards("AS,2S,3S")), shuffled: false)
        _ = try deck.draw(count: 2)
        try deck.addToPile(named: "p", cards: cards("AS"))
        deck.shuffleAll(using: &generator)
        #expect(deck.piles.isEmpty && deck.drawn.isEmpty)
        #expect(Set(codes(deck.stack)) == ["AS", "2S", "3S"])
        deck.shuffleAll(jokersEnabled: true, partialContents: cards("X1,KH"), using: &generator)
        #expect(Set(codes(deck.stack)) == ["X1", "KH"])
        deck.shuffleAll(jokersEnabled: false, partialContents: cards("X1,KH"), using: &generator)
        #expect(codes(deck.stack) == ["KH"])
        deck.shuffleAll(partialContents: [], using: &generator)
        #expect(deck.remaining == 0)
        #expect(deck.shuffled)
        #expect(deck.isConsistent)
    }

    @Test func shufflingTheRemainderLeavesPilesAlone() throws {
        var generator = SeededRandomNumberGenerator(seed: 3)
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 2)
        try deck.addToPile(named: "p", cards: cards("AS"))
        deck.shuffleRemaining(using: &generator)
        #expect(codes(deck.pile(named: "p")!.cards) == ["AS"])
        #expect(deck.remaining == 50)
        #expect(
            deck.stack != DeckState(composition: try DeckComposition(), shuffled: false).stack.suffix(50).map { $0 })
    }

    @Test func randomOperationSequencesKeepEveryCardSomewhere() throws {
        var generator = SeededRandomNumberGenerator(seed: 2026)
        for round in 0..<200 {
            let composition = try DeckComposition(deckCount: 1 + round % 3, jokersEnabled: round % 2 == 0)
            var deck = DeckState(composition: composition, shuffled: true, using: &generator)
            for _ in 0..<40 {
                let pileName = ["a", "b", "c"].randomElement(using: &generator)!
                let some = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    Card.allCards.randomElement(using: &generator)!
                }
                switch Int.random(in: 0..<8, using: &generator) {
                case 0: _ = try deck.draw(count: Int.random(in: 0...6, using: &generator), using: &generator)
                case 1: deck.returnCards(Bool.random(using: &generator) ? nil : some)
                case 2: try deck.addToPile(named: pileName, cards: some + deck.drawn.prefix(2))
                case 3: _ = try? deck.drawFromPile(named: pileName, count: 1, using: &generator)
                case 4: _ = try? deck.drawFromPile(named: pileName, cards: some, using: &generator)
                case 5: _ = try? deck.returnPile(named: pileName, cards: Bool.random(using: &generator) ? nil : some)
                case 6: deck.shuffleRemaining(using: &generator)
                default: _ = try deck.draw(count: 1, from: .random, using: &generator)
                }
                #expect(deck.isConsistent)
                #expect(try DeckState(serialized: try deck.serialized()) == deck)
            }
        }
    }
}
