import PlayingCards

extension CardArtwork {
    /// The card back: a blue field with a lattice of small lozenges and a gold medallion holding the four
    /// suits. The even, fine texture reads as "card back" even at thumbnail size.
    static func drawBack(into drawing: inout Drawing) {
        let field = Rect(x: 0, y: 0, width: size.width, height: size.height).insetBy(10)
        drawing.fill(.roundedRect(field, radius: 7), Palette.backField)

        let spacing = 16.0
        let halfSize = 5.0
        var lattice = Path()
        var row = 0
        var y = field.minY + 8
        while y <= field.maxY - 8 {
            var x = field.minX + 8 + (row.isMultiple(of: 2) ? 0 : spacing / 2)
            while x <= field.maxX - 8 {
                let offset = Point(x, y) - center
                if offset.length > 46 {
                    lattice.append(
                        .polygon([
                            Point(x, y - halfSize), Point(x + halfSize, y), Point(x, y + halfSize),
                            Point(x - halfSize, y),
                        ]))
                }
                x += spacing
            }
            y += spacing / 2
            row += 1
        }
        drawing.fill(lattice, Palette.backPattern)
        drawing.stroke(.roundedRect(field.insetBy(4), radius: 4), Palette.gold, width: 1.5)

        let medallion = Path.circle(center: center, radius: 36)
        drawing.fill(medallion, Palette.backField)
        drawing.stroke(medallion, Palette.gold, width: 3)
        let suits: [(Suit, Point)] = [
            (.spades, Point(-11, -11)), (.hearts, Point(11, -11)), (.clubs, Point(-11, 11)), (.diamonds, Point(11, 11)),
        ]
        var symbols = Path()
        for (suit, offset) in suits {
            symbols.append(SuitSymbols.path(for: suit, center: center + offset, height: 17))
        }
        drawing.fill(symbols, Palette.paper)
    }
}
