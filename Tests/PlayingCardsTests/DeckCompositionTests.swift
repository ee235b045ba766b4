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
        #expect(try DeckComposition(partialContents: []).partialContents == nil)
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
