extension CardArtwork {
    /// A joker: a grinning jester in a three-horned hat above a ruff, with "JOKER" in two corners.
    static func drawJoker(isRed: Bool, into drawing: inout Drawing) {
        let ink = Palette.ink(isRed: isRed)
        drawJokerIndices(ink: ink, into: &drawing)

        var ruff = Path()
        var ruffAccent = Path()
        for (index, x) in [79.0, 96, 113, 130, 147].enumerated() {
            let puff = Path.circle(center: Point(x, 204), radius: 10)
            if index.isMultiple(of: 2) { ruff.append(puff) } else { ruffAccent.append(puff) }
        }
        drawing.fill(ruff, ink)
        drawing.fill(ruffAccent, Palette.gold)
        drawing.stroke(ruff, Palette.black, width: 1.2)
        drawing.stroke(ruffAccent, Palette.black, width: 1.2)

        let face = Path.circle(center: Point(113, 168), radius: 30)
        drawing.fill(face, Palette.skin)
        drawing.stroke(face, Palette.black, width: 1.6)
        var eyes = Path.circle(center: Point(102, 164), radius: 2.8)
        eyes.append(.circle(center: Point(124, 164), radius: 2.8))
        drawing.fill(eyes, Palette.black)
        var cheeks = Path.circle(center: Point(95, 178), radius: 4)
        cheeks.append(.circle(center: Point(131, 178), radius: 4))
        drawing.fill(cheeks, Color(hex: 0xF2A0A0))
        var smile = Path()
        smile.move(to: Point(99, 178))
        smile.quad(to: Point(127, 178), control: Point(113, 194))
        drawing.stroke(smile, Palette.red, width: 2.6)

        let hatScale = 1.2
        let hatTransform = AffineTransform.scale(hatScale)
            .concatenating(.translation(113 - 50 * hatScale, 152 - 92 * hatScale))
        drawing.append(
            JesterHat.drawing(main: ink, accent: Palette.gold, outline: Palette.black, transform: hatTransform))

        var stars = Path()
        for point in [Point(113, 256), Point(74, 250), Point(152, 250)] {
            stars.append(
                .star(center: point, outerRadius: point.x == 113 ? 11 : 7, innerRadius: point.x == 113 ? 4.5 : 3))
        }
        drawing.fill(stars, ink)
    }
}
