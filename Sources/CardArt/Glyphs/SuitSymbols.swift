import PlayingCards

/// The project's own outlines of the four suit symbols, as filled paths.
///
/// Each symbol is drawn in a 100 × 100 box with its centre at (50, 50), wound clockwise so that the
/// club's overlapping lobes join up under the non-zero rule.
enum SuitSymbols {
    /// The symbol of `suit`, scaled to `height` units tall and centred on `center`.
    static func path(for suit: Suit, center: Point, height: Double) -> Path {
        let scale = height / 100
        return unitPaths[Int(suit.rawValue)]
            .applying(
                .translation(-50, -50).concatenating(.scale(scale)).concatenating(.translation(center.x, center.y)))
    }

    /// The symbol's width relative to its height.
    static func aspectRatio(of suit: Suit) -> Double {
        switch suit {
        case .spades: 1.0
        case .diamonds: 0.76
        case .clubs: 0.96
        case .hearts: 1.0
        }
    }

    private static let unitPaths: [Path] = Suit.allCases.map { suit in
        switch suit {
        case .spades: spade
        case .diamonds: diamond
        case .clubs: club
        case .hearts: heart
        }
    }

    private static var heart: Path {
        var path = Path()
        path.move(to: Point(50, 26))
        path.cubic(to: Point(25, 5), control1: Point(50, 18), control2: Point(41, 5))
        path.cubic(to: Point(0, 34), control1: Point(9, 5), control2: Point(0, 19))
        path.cubic(to: Point(50, 96), control1: Point(0, 60), control2: Point(28, 76))
        path.cubic(to: Point(100, 34), control1: Point(72, 76), control2: Point(100, 60))
        path.cubic(to: Point(75, 5), control1: Point(100, 19), control2: Point(91, 5))
        path.cubic(to: Point(50, 26), control1: Point(59, 5), control2: Point(50, 18))
        path.close()
        return path.windingClockwise()
    }

    private static var diamond: Path {
        var path = Path()
        path.move(to: Point(50, 0))
        path.cubic(to: Point(88, 50), control1: Point(60, 18), control2: Point(73, 34))
        path.cubic(to: Point(50, 100), control1: Point(73, 66), control2: Point(60, 82))
        path.cubic(to: Point(12, 50), control1: Point(40, 82), control2: Point(27, 66))
        path.cubic(to: Point(50, 0), control1: Point(27, 34), control2: Point(40, 18))
        path.close()
        return path.windingClockwise()
    }

    private static var spade: Path {
        var path = Path()
        path.move(to: Point(50, 0))
        path.cubic(to: Point(90, 44), control1: Point(58, 16), control2: Point(76, 30))
        path.cubic(to: Point(92, 79), control1: Point(102, 56), control2: Point(103, 70))
        path.cubic(to: Point(56, 77), control1: Point(83, 87), control2: Point(67, 89))
        path.cubic(to: Point(71, 100), control1: Point(57, 87), control2: Point(62, 95))
        path.line(to: Point(29, 100))
        path.cubic(to: Point(44, 77), control1: Point(38, 95), control2: Point(43, 87))
        path.cubic(to: Point(8, 79), control1: Point(33, 89), control2: Point(17, 87))
        path.cubic(to: Point(10, 44), control1: Point(-3, 70), control2: Point(-2, 56))
        path.cubic(to: Point(50, 0), control1: Point(24, 30), control2: Point(42, 16))
        path.close()
        return path.windingClockwise()
    }

    private static var club: Path {
        var path = Path.circle(center: Point(50, 25), radius: 22)
        path.append(.circle(center: Point(26, 59), radius: 22))
        path.append(.circle(center: Point(74, 59), radius: 22))
        path.append(.circle(center: Point(50, 52), radius: 14))
        var stem = Path()
        stem.move(to: Point(46, 56))
        stem.cubic(to: Point(29, 100), control1: Point(46, 78), control2: Point(40, 92))
        stem.line(to: Point(71, 100))
        stem.cubic(to: Point(54, 56), control1: Point(60, 92), control2: Point(54, 78))
        stem.close()
        path.append(stem)
        return path.windingClockwise()
    }
}
