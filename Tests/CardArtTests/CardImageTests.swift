import CardArt
import PlayingCards
import Testing

@Suite("CardImage")
struct CardImageTests {
    @Test("all lists the 54 cards in deck order, then the back")
    func all() {
        #expect(CardImage.all.count == 55)
        #expect(
            CardImage.all.prefix(54).map { image -> Card? in
                if case .card(let card) = image { return card }
                return nil
            } == Card.allCards)
        #expect(CardImage.all.last == .back)
        #expect(Set(CardImage.all.map(\.imageName)).count == 55)
    }

    @Test("image names follow the API's file names")
    func imageNames() {
        #expect(CardImage.card(.standard(.king, .hearts)).imageName == "KH")
        #expect(CardImage.card(.standard(.ten, .spades)).imageName == "0S")
        #expect(CardImage.card(.standard(.ace, .diamonds)).imageName == "aceDiamonds")
        #expect(CardImage.card(.joker(.red)).imageName == "X2")
        #expect(CardImage.back.imageName == "back")
    }

    @Test("every image name reads back to its image")
    func roundTrip() {
        for image in CardImage.all {
            #expect(CardImage(imageName: image.imageName) == image)
        }
    }

    @Test("codes, lower-case codes and the ace of diamonds' alias are accepted; other names are not")
    func parsing() {
        #expect(CardImage(imageName: "AD") == .card(.standard(.ace, .diamonds)))
        #expect(CardImage(imageName: "aceDiamonds") == .card(.standard(.ace, .diamonds)))
        #expect(CardImage(imageName: "kh") == .card(.standard(.king, .hearts)))
        #expect(CardImage(imageName: "X1") == .card(.joker(.black)))
        for name in ["", "back.png", "Back", "AS@2x", "1S", "ASS", "X3", "aceSpades"] {
            #expect(CardImage(imageName: name) == nil, "\(name)")
        }
    }
}
