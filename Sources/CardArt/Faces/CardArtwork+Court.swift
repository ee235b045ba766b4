import PlayingCards

extension CardArtwork {
    /// The frame around a court card's figure.
    static let courtFrame = Rect(x: 40, y: 32, width: 146, height: 250)

    /// A court card: a framed, double-ended geometric figure (crowned king with sword and beard,
    /// queen with tiara, long hair and flower, jack with feathered cap and spear) in the suit's
    /// colour with a gold accent.
    static func drawCourt(_ rank: Rank, _ suit: Suit, into drawing: inout Drawing) {
        let ink = Palette.ink(isRed: suit.isRed)
        let frame = Path.roundedRect(courtFrame, radius: 6)
        drawing.fill(frame, Palette.cream)

        var half = Drawing(width: size.width, height: size.height)
        half.fill(SuitSymbols.path(for: suit, center: Point(58, 52), height: 22), ink)
        switch rank {
        case .king: drawKing(ink: ink, into: &half)
        case .queen: drawQueen(ink: ink, into: &half)
        default: drawJack(ink: ink, into: &half)
        }
        drawing.append(half)
        drawing.append(half, transform: .halfTurn(about: center))

        drawing.stroke(
            .polyline([Point(courtFrame.minX + 4, center.y), Point(courtFrame.maxX - 4, center.y)]),
            Palette.gold, width: 2.5)
        drawing.stroke(frame, ink, width: 2)
        drawing.stroke(.roundedRect(courtFrame.insetBy(4), radius: 3), Palette.gold, width: 1.2)
    }

    /// The robe shared by all three figures, from the shoulders down to the centre line.
    private static func drawRobe(ink: Color, into drawing: inout Drawing) {
        var robe = Path()
        robe.move(to: Point(66, 157))
        robe.line(to: Point(70, 128))
        robe.cubic(to: Point(100, 107), control1: Point(72, 115), control2: Point(86, 107))
        robe.line(to: Point(120, 107))
        robe.cubic(to: Point(150, 128), control1: Point(134, 107), control2: Point(148, 115))
        robe.line(to: Point(154, 157))
        robe.close()
        drawing.fill(robe, ink)
        drawing.stroke(robe, Palette.gold, width: 1.6)
    }

    /// The head with eyes and mouth, centred at (110, 86).
    private static func drawHead(ink: Color, into drawing: inout Drawing) {
        let head = Path.circle(center: Point(110, 86), radius: 16)
        drawing.fill(head, Palette.skin)
        drawing.stroke(head, Palette.black, width: 1.4)
        var eyes = Path.circle(center: Point(104, 85), radius: 1.8)
        eyes.append(.circle(center: Point(116, 85), radius: 1.8))
        drawing.fill(eyes, Palette.black)
        var mouth = Path()
        mouth.move(to: Point(105, 94))
        mouth.quad(to: Point(115, 94), control: Point(110, 97.5))
        drawing.stroke(mouth, Palette.red, width: 1.4)
    }

    /// A hand holding an item at the figure's right.
    private static func drawHand(at point: Point, into drawing: inout Drawing) {
        let hand = Path.circle(center: point, radius: 4.5)
        drawing.fill(hand, Palette.skin)
        drawing.stroke(hand, Palette.black, width: 1)
    }

    private static func drawKing(ink: Color, into drawing: inout Drawing) {
        drawRobe(ink: ink, into: &drawing)
        var ermine = Path()
        ermine.move(to: Point(76, 118))
        ermine.cubic(to: Point(144, 118), control1: Point(94, 104), control2: Point(126, 104))
        ermine.line(to: Point(146, 127))
        ermine.cubic(to: Point(74, 127), control1: Point(126, 114), control2: Point(94, 114))
        ermine.close()
        drawing.fill(ermine, Palette.cream)
        var spots = Path()
        for x in [86.0, 110, 134] { spots.append(.circle(center: Point(x, x == 110 ? 114 : 118), radius: 1.8)) }
        drawing.fill(spots, Palette.black)
        drawing.fill(.polygon([Point(104, 124), Point(116, 124), Point(119, 157), Point(101, 157)]), Palette.gold)
        drawHead(ink: ink, into: &drawing)

        var beard = Path()
        beard.move(to: Point(95, 90))
        beard.cubic(to: Point(110, 114), control1: Point(96, 104), control2: Point(103, 112))
        beard.cubic(to: Point(125, 90), control1: Point(117, 112), control2: Point(124, 104))
        beard.cubic(to: Point(95, 90), control1: Point(118, 98), control2: Point(102, 98))
        beard.close()
        drawing.fill(beard, Palette.beard)
        drawing.stroke(beard, Palette.black, width: 1)

        let crown = Path.polygon([
            Point(92, 74), Point(89, 46), Point(100, 59), Point(110, 40), Point(120, 59), Point(131, 46),
            Point(128, 74),
        ])
        drawing.fill(crown, Palette.gold)
        drawing.stroke(crown, Palette.black, width: 1.2)
        var jewels = Path()
        for point in [Point(89, 46), Point(110, 40), Point(131, 46), Point(110, 67)] {
            jewels.append(.circle(center: point, radius: 3.2))
        }
        drawing.fill(jewels, ink)

        let blade = Path.polygon([Point(155, 122), Point(155, 56), Point(158, 47), Point(161, 56), Point(161, 122)])
        drawing.fill(blade, Palette.steel)
        drawing.stroke(blade, Palette.black, width: 0.8)
        drawing.stroke(.polyline([Point(148, 123), Point(168, 123)]), Palette.gold, width: 4)
        drawing.stroke(.polyline([Point(158, 126), Point(158, 138)]), Palette.hair, width: 4)
        drawing.fill(.circle(center: Point(158, 141), radius: 3), Palette.gold)
        drawHand(at: Point(158, 131), into: &drawing)
    }

    private static func drawQueen(ink: Color, into drawing: inout Drawing) {
        var hair = Path()
        hair.move(to: Point(92, 86))
        hair.cubic(to: Point(110, 64), control1: Point(92, 70), control2: Point(100, 64))
        hair.cubic(to: Point(128, 86), control1: Point(120, 64), control2: Point(128, 70))
        hair.line(to: Point(131, 112))
        hair.cubic(to: Point(89, 112), control1: Point(122, 116), control2: Point(98, 116))
        hair.close()
        drawing.fill(hair, Palette.hair)
        drawRobe(ink: ink, into: &drawing)
        var neckline = Path()
        neckline.move(to: Point(88, 108))
        neckline.quad(to: Point(132, 108), control: Point(110, 140))
        neckline.close()
        drawing.fill(neckline, Palette.gold)
        var pearls = Path()
        for step in 0...6 {
            let t = Double(step) / 6
            let u = 1 - t
            let x = u * u * 90 + 2 * u * t * 110 + t * t * 130
            let y = u * u * 112 + 2 * u * t * 134 + t * t * 112
            pearls.append(.circle(center: Point(x, y), radius: 2.6))
        }
        drawing.fill(pearls, Palette.cream)
        drawing.stroke(pearls, Palette.black, width: 0.6)
        drawHead(ink: ink, into: &drawing)

        var tiara = Path()
        tiara.move(to: Point(95, 73))
        tiara.line(to: Point(95, 64))
        tiara.cubic(to: Point(110, 51), control1: Point(101, 58), control2: Point(105, 60))
        tiara.cubic(to: Point(125, 64), control1: Point(115, 60), control2: Point(119, 58))
        tiara.line(to: Point(125, 73))
        tiara.quad(to: Point(95, 73), control: Point(110, 68))
        tiara.close()
        drawing.fill(tiara, Palette.gold)
        drawing.stroke(tiara, Palette.black, width: 1)
        var tiaraPearls = Path()
        for point in [Point(95, 62), Point(110, 48), Point(125, 62)] {
            tiaraPearls.append(.circle(center: point, radius: 3.2))
        }
        drawing.fill(tiaraPearls, ink)

        drawing.stroke(.polyline([Point(158, 128), Point(158, 70)]), Palette.leaf, width: 3)
        var leaf = Path()
        leaf.move(to: Point(158, 102))
        leaf.cubic(to: Point(172, 92), control1: Point(162, 94), control2: Point(166, 91))
        leaf.cubic(to: Point(158, 102), control1: Point(170, 100), control2: Point(164, 103))
        leaf.close()
        drawing.fill(leaf, Palette.leaf)
        var petals = Path()
        for step in 0..<5 {
            let angle = Double(step) * 2 * Double.pi / 5 - Double.pi / 2
            petals.append(.circle(center: Point(158 + 7 * cosine(angle), 62 + 7 * sine(angle)), radius: 5.5))
        }
        drawing.fill(petals.windingClockwise(), ink)
        drawing.fill(.circle(center: Point(158, 62), radius: 3.6), Palette.gold)
        drawHand(at: Point(158, 120), into: &drawing)
    }

    private static func drawJack(ink: Color, into drawing: inout Drawing) {
        var tufts = Path.ellipse(center: Point(94, 92), radiusX: 5, radiusY: 9)
        tufts.append(.ellipse(center: Point(126, 92), radiusX: 5, radiusY: 9))
        drawing.fill(tufts, Palette.hair)
        drawRobe(ink: ink, into: &drawing)
        drawing.fill(
            .polygon([Point(72, 121), Point(79, 113), Point(152, 149), Point(153, 157), Point(145, 157)]),
            Palette.gold)
        drawing.fill(.polygon([Point(100, 107), Point(110, 120), Point(120, 107)]), Palette.cream)
        drawHead(ink: ink, into: &drawing)

        var cap = Path()
        cap.move(to: Point(91, 78))
        cap.cubic(to: Point(113, 53), control1: Point(90, 60), control2: Point(102, 53))
        cap.cubic(to: Point(135, 74), control1: Point(126, 53), control2: Point(135, 62))
        cap.close()
        drawing.fill(cap, ink)
        drawing.stroke(.polyline([Point(91, 78), Point(135, 74)]), Palette.gold, width: 3.5)
        var feather = Path()
        feather.move(to: Point(128, 64))
        feather.cubic(to: Point(148, 40), control1: Point(132, 54), control2: Point(138, 45))
        feather.cubic(to: Point(128, 64), control1: Point(146, 50), control2: Point(138, 60))
        feather.close()
        drawing.fill(feather, Palette.gold)
        drawing.stroke(feather, Palette.black, width: 0.8)

        drawing.stroke(.polyline([Point(158, 140), Point(158, 64)]), Palette.hair, width: 3.5)
        var spearhead = Path()
        spearhead.move(to: Point(158, 40))
        spearhead.cubic(to: Point(158, 66), control1: Point(166, 48), control2: Point(165, 58))
        spearhead.cubic(to: Point(158, 40), control1: Point(151, 58), control2: Point(150, 48))
        spearhead.close()
        drawing.fill(spearhead, Palette.steel)
        drawing.stroke(spearhead, Palette.black, width: 0.8)
        drawHand(at: Point(158, 120), into: &drawing)
    }
}
