import PlayingCards
import Testing

@Suite struct CardTests {
    @Test func everyCardRoundTripsThroughItsCodeAndOrdinal() throws {
        #expect(Card.allCards.count == 54)
        for (ordinal, card) in Card.allCards.enumerated() {
            #expect(card.ordinal == UInt8(ordinal))
            #expect(Card(code: card.code) == card)
            #expect(Card(code: card.code.lowercased()) == card)
        }
        #expect(Set(Card.allCards.map(\.code)).count == 54)
    }

    @Test func codesNamesAndImagesMatchTheAPI() {
        #expect(Card.allCards.prefix(3).map(\.code) == ["AS", "2S", "3S"])
        #expect(Card.standardCards[9].code == "0S")
        #expect(Card.standardCards[13].code == "AD")
        #expect(Card.allCards.suffix(2).map(\.code) == ["X1", "X2"])
        let tenOfHearts = Card(code: "0H")!
        #expect(tenOfHearts.valueName == "10")
        #expect(tenOfHearts.suitName == "HEARTS")
        #expect(Card(code: "X1")!.suitName == "BLACK")
        #expect(Card(code: "X2")!.suitName == "RED")
        #expect(Card(code: "X2")!.valueName == "JOKER")
        #expect(Card(code: "AD")!.imageName == "aceDiamonds")
        #expect(Card(code: "AS")!.imageName == "AS")
        #expect(Card(code: "QH")!.displayName == "Queen of Hearts")
        #expect(Card(code: "7C")!.displayName == "7 of Clubs")
    }

    @Test(arguments: ["", "A", "ASX", "1S", "10H", "X3", " AS", "AS ", "ZZ", "♠A"])
    func malformedCodesAreRejected(code: String) {
        #expect(Card(code: code) == nil)
    }

    @Test func cardListsSplitOnCommasDropUnknownsAndKeepDuplicates() {
        #expect(CardList.parse("AS,2s,KH").map(\.code) == ["AS", "2S", "KH"])
        #expect(CardList.parse("AS, 2S,ZZ,AS,,x1").map(\.code) == ["AS", "AS", "X1"])
        #expect(CardList.parse("").isEmpty)
        #expect(CardList.format(CardList.parse("0h,ad")) == "0H,AD")
    }

    @Test func pileNamesAreValidated() {
        #expect(PileName.isValid("discard"))
        #expect(PileName.isValid("Player_1-hand"))
        #expect(PileName.isValid(String(repeating: "a", count: 64)))
        #expect(!PileName.isValid(String(repeating: "a", count: 65)))
        #expect(!PileName.isValid(""))
        #expect(!PileName.isValid("a b"))
        #expect(!PileName.isValid("pile/1"))
        #expect(!PileName.isValid("café"))
    }
}
