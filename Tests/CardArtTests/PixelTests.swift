import CardArt
import PlayingCards
import Testing

@Suite("Pixels")
struct PixelTests {
    private func image(_ image: CardImage, scale: Int = 1) throws -> RGBAImage {
        try #require(CardArtRenderer.image(for: image, scale: scale))
    }

    @Test("corners outside the rounded outline are transparent at every scale", arguments: [1, 2, 3])
    func transparentCorners(scale: Int) throws {
        for cardImage in [CardImage.card(.standard(.ace, .spades)), .back, .card(.joker(.black))] {
            let image = try image(cardImage, scale: scale)
            for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
                #expect(image.pixel(x: x, y: y)?.alpha == 0, "\(cardImage.imageName) at (\(x), \(y))")
            }
        }
    }

    @Test("the card face is opaque white between the corner index and the pips", arguments: Card.allCards)
    func whiteBackground(card: Card) throws {
        let image = try image(.card(card))
        // Halfway down the left edge, inside the outline and left of every pip, figure and index.
        for (x, y) in [(8, 157), (217, 157), (113, 6)] {
            let pixel = try #require(image.pixel(x: x, y: y))
            #expect(
                pixel == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "\(card.code) at (\(x), \(y))")
        }
    }

    @Test("the card edge is a visible grey line")
    func greyEdge() throws {
        let card = try image(.card(.standard(.two, .clubs)))
        let pixel = try #require(card.pixel(x: 0, y: 157))
        #expect(pixel.alpha > 200)
        #expect(pixel.red < 220 && pixel.green < 220 && pixel.blue < 230)
    }

    @Test("a red pip is red and a black pip is dark")
    func pipColours() throws {
        // The top pip of a two sits at (113, 60); the ace's large pip covers the centre.
        let twoOfHearts = try image(.card(.standard(.two, .hearts)))
        let heart = try #require(twoOfHearts.pixel(x: 113, y: 64))
        #expect(heart.alpha == 255 && heart.red > 150 && heart.green < 60 && heart.blue < 80)
        let twoOfSpades = try image(.card(.standard(.two, .spades)))
        let spade = try #require(twoOfSpades.pixel(x: 113, y: 64))
        #expect(spade.alpha == 255 && spade.red < 60 && spade.green < 60 && spade.blue < 60)
        let aceOfDiamonds = try image(.card(.standard(.ace, .diamonds)), scale: 3)
        let diamond = try #require(aceOfDiamonds.pixel(x: 339, y: 471))
        #expect(diamond.red > 150 && diamond.green < 60)
        let aceOfClubs = try image(.card(.standard(.ace, .clubs)))
        let club = try #require(aceOfClubs.pixel(x: 113, y: 157))
        #expect(club.red < 60 && club.green < 60 && club.blue < 60)
    }

    @Test("edges are anti-aliased: the pip outline has partly covered pixels")
    func antiAliased() throws {
        let image = try image(.card(.standard(.ace, .hearts)))
        var intermediate = 0
        for x in 0..<image.width {
            if let pixel = image.pixel(x: x, y: 157), pixel.green > 40, pixel.green < 215 { intermediate += 1 }
        }
        #expect(intermediate >= 2)
    }

    @Test("the back is mostly blue and differs from every face")
    func back() throws {
        let back = try image(.back)
        let centreLeft = try #require(back.pixel(x: 40, y: 157))
        #expect(centreLeft.blue > centreLeft.red)
        for card in [Card.standard(.king, .spades), .joker(.red)] {
            let face = try image(.card(card))
            #expect(face.bytes != back.bytes)
        }
    }

    @Test("every image is distinct")
    func distinct() throws {
        let images = try CardImage.all.map { try image($0).bytes }
        #expect(Set(images).count == CardImage.all.count)
    }
}
