import PlayingCards

extension CardArtwork {
    /// Where a pip sits, in card units; pips below the centre line are drawn upside down.
    struct PipPlacement: Hashable, Sendable {
        var x: Double
        var y: Double
    }

    /// The conventional pip layout of a number card (ace to ten).
    ///
    /// Three columns and up to four rows, the middle column holding the odd pips, as on
    /// traditional French-suited cards.
    static func pipPlacements(for rank: Rank) -> [PipPlacement] {
        let (left, middle, right) = (70.0, 113.0, 156.0)
        let (top, bottom) = (60.0, 254.0)
        let centre = center.y
        let upperThird = top + (bottom - top) / 3
        let lowerThird = top + 2 * (bottom - top) / 3
        let columns = { (ys: [Double]) in ys.flatMap { [PipPlacement(x: left, y: $0), PipPlacement(x: right, y: $0)] } }
        switch rank {
        case .ace: return [PipPlacement(x: middle, y: centre)]
        case .two: return [PipPlacement(x: middle, y: top), PipPlacement(x: middle, y: bottom)]
        case .three: return [top, centre, bottom].map { PipPlacement(x: middle, y: $0) }
        case .four: return columns([top, bottom])
        case .five: return columns([top, bottom]) + [PipPlacement(x: middle, y: centre)]
        case .six: return columns([top, centre, bottom])
        case .seven: return columns([top, centre, bottom]) + [PipPlacement(x: middle, y: (top + centre) / 2)]
        case .eight:
            return columns([top, centre, bottom]) + [
                PipPlacement(x: middle, y: (top + centre) / 2), PipPlacement(x: middle, y: (centre + bottom) / 2),
            ]
        case .nine: return columns([top, upperThird, lowerThird, bottom]) + [PipPlacement(x: middle, y: centre)]
        case .ten:
            return columns([top, upperThird, lowerThird, bottom]) + [
                PipPlacement(x: middle, y: (top + upperThird) / 2),
                PipPlacement(x: middle, y: (lowerThird + bottom) / 2),
            ]
        case .jack, .queen, .king: return []
        }
    }

    /// The pips of an ace to ten; an ace gets one large centre pip in a thin ring.
    static func drawPips(_ rank: Rank, _ suit: Suit, into drawing: inout Drawing) {
        let ink = Palette.ink(isRed: suit.isRed)
        if rank == .ace {
            let height = suit == .diamonds ? 104.0 : 92.0
            drawing.fill(SuitSymbols.path(for: suit, center: center, height: height), ink)
            let ring = Path.circle(center: center, radius: 74)
            drawing.stroke(ring, Palette.gold, width: 2.5)
            drawing.stroke(.circle(center: center, radius: 79), ink, width: 1)
            return
        }
        let pipHeight = 36.0
        var upright = Path()
        var upsideDown = Path()
        for placement in pipPlacements(for: rank) {
            let pip = SuitSymbols.path(for: suit, center: Point(placement.x, placement.y), height: pipHeight)
            if placement.y > center.y + 0.5 {
                upsideDown.append(pip.applying(.halfTurn(about: Point(placement.x, placement.y))))
            } else {
                upright.append(pip)
            }
        }
        upright.append(upsideDown)
        drawing.fill(upright, ink)
    }
}
