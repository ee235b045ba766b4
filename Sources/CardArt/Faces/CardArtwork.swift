import PlayingCards

/// Lays out the vector drawing of each card image: outline, corner indices and the face's centre.
///
/// All coordinates are card units: the card is 226 × 314 units, one unit per pixel at scale 1.
enum CardArtwork {
    /// The card's size in units.
    static let size = (width: 226.0, height: 314.0)
    /// The radius of the card's rounded corners.
    static let cornerRadius = 12.0
    /// The card's centre, about which the lower half mirrors the upper half.
    static let center = Point(113, 157)

    /// The full drawing of `image`.
    static func drawing(for image: CardImage) -> Drawing {
        var drawing = Drawing(width: size.width, height: size.height)
        switch image {
        case .back:
            drawBlankCard(into: &drawing)
            drawBack(into: &drawing)
        case .card(.standard(let rank, let suit)):
            drawBlankCard(into: &drawing)
            if rank.isCourt {
                drawCourt(rank, suit, into: &drawing)
            } else {
                drawPips(rank, suit, into: &drawing)
            }
            drawIndices(label: rank.label, suit: suit, ink: Palette.ink(isRed: suit.isRed), into: &drawing)
        case .card(.joker(let color)):
            drawBlankCard(into: &drawing)
            drawJoker(isRed: color == .red, into: &drawing)
        }
        return drawing
    }

    /// The white card with a thin grey edge, leaving the corners outside the rounding transparent.
    private static func drawBlankCard(into drawing: inout Drawing) {
        let edgeWidth = 1.5
        let outline = Rect(x: 0, y: 0, width: size.width, height: size.height).insetBy(edgeWidth / 2)
        let card = Path.roundedRect(outline, radius: cornerRadius - edgeWidth / 2)
        drawing.fill(card, Palette.paper)
        drawing.stroke(card, Palette.edge, width: edgeWidth)
    }

    /// The rank label and suit symbol in the top-left corner, and the same turned 180° in the bottom-right.
    private static func drawIndices(label: String, suit: Suit, ink: Color, into drawing: inout Drawing) {
        let labelHeight = 24.0
        let columnCenterX = 19.0
        let top = 12.0
        let (labelPath, labelWidth) = LetterGlyphs.label(label)
        let scale = labelHeight / 100
        // Ten is the only two-glyph label; squeeze it a little so it stays inside the index column.
        let horizontalScale = labelWidth > 80 ? scale * 0.82 : scale
        let placed = labelPath.applying(
            .scale(horizontalScale, scale)
                .concatenating(.translation(columnCenterX - labelWidth * horizontalScale / 2, top)))
        var corner = Path()
        corner.append(placed)
        var index = Drawing(width: size.width, height: size.height)
        index.stroke(corner, ink, width: 3.4)
        index.fill(SuitSymbols.path(for: suit, center: Point(columnCenterX, top + labelHeight + 15), height: 18), ink)
        drawing.append(index)
        drawing.append(index, transform: .halfTurn(about: center))
    }

    /// The joker's stacked "JOKER" index in two corners.
    static func drawJokerIndices(ink: Color, into drawing: inout Drawing) {
        var letters = Path()
        let letterHeight = 11.5
        let scale = letterHeight / 100
        for (row, character) in "JOKER".enumerated() {
            let width = (LetterGlyphs.advance(of: character) ?? 0) * scale
            letters.append(
                LetterGlyphs.centreLines(of: character).applying(
                    .scale(scale).concatenating(.translation(18 - width / 2, 12 + Double(row) * 17))))
        }
        var index = Drawing(width: size.width, height: size.height)
        index.stroke(letters, ink, width: 2.4)
        drawing.append(index)
        drawing.append(index, transform: .halfTurn(about: center))
    }
}
