import PlayingCards
import Testing

@Suite struct DeckCompositionTests {
    @Test func standardDeckIsFiftyTwoCardsInUnshuffledOrder() throws {
        let composition = try DeckComposition()
        #expect(composition.allCards.count == 52)
        #expect(composition.allCards.first?.code == "AS")
        #expect(composition.allCards[13].code == "AD")
        #expect(composition.allCards[26].code == "AC")
        #expect(composition.allCards[39].code == "AH")
        #expect(composition.allCards.last?.code == "KH")
    }

    @Test func jokersFollowEachCopy() throws {
        let composition = try DeckComposition(deckCount: 2, jokersEnabled: true)
        let codes = composition.allCards.map(\.code)
        #expect(codes.count == 108)
        #expect(codes[52...54] == ["X1", "X2", "AS"])
        #expect(codes.suffix(2) == ["X1", "X2"])
    }

    @Test func partialDecksRepeatTheirContents() throws {
        let composition = try DeckComposition(deckCount: 3, partialContents: CardList.parse("AS,KH"))
        #expect(composition.allCards.map(\.code) == ["AS", "KH", "AS", "KH", "AS", "KH"])
        let empty = try DeckComposition(partialContents: [])
        #expect(empty.partialContents == [])
        #expect(empty.allCards.isEmpty)
    }

    @Test func partialDecksKeepJokersOnlyWhenJokersAreEnabled() throws {
        let plain = try DeckComposition(partialContents: CardList.parse("as,ad,zz,AS,10H,X1"))
        #expect(plain.allCards.map(\.code) == ["AS", "AD", "AS"])
        let withJokers = try DeckComposition(jokersEnabled: true, partialContents: CardList.parse("X2,AS,X1"))
        #expect(withJokers.allCards.map(\.code) == ["X2", "AS", "X1"])
    }

    @Test func deckCountIsBounded() {
        #expect(throws: DeckError.self) { try DeckComposition(deckCount: 21) }
        #expect(throws: DeckError.self) { try DeckComposition(deckCount: 0) }
        do {
            _ = try DeckComposition(deckCount: 21)
        } catch {
            #expect(error.message == "The max number of Decks is 20.")
        }
        do {
            _ = try DeckComposition(deckCount: -3)
        } catch {
            #expect(error.message == "The min number of Decks is 1.")
        }
        #expect(((try? DeckComposition(deckCount: 20))?.allCards.count) == 1040)
    }
}
