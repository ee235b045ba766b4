/// The project's own letters and digits for rank indices and the jokers' "JOKER", drawn as centre lines
/// to be stroked with a round pen, so no font is needed and every machine renders the same.
///
/// Every glyph sits in a box 100 units tall with its top at y = 0; ``advance(of:)`` gives its width.
enum LetterGlyphs {
    /// The gap between two glyphs of a label, in glyph units.
    static let spacing = 20.0

    /// The width of a glyph's box, or `nil` for a character without a glyph.
    static func advance(of character: Character) -> Double? {
        switch character {
        case "1": 26
        case "A", "Q": 64
        case "0", "2", "3", "5", "6", "7", "8", "9", "K": 56
        case "4": 58
        case "J": 44
        case "O": 60
        case "E": 46
        case "R": 52
        default: nil
        }
    }

    /// The centre lines of a glyph, or an empty path for a character without one.
    static func centreLines(of character: Character) -> Path {
        switch character {
        case "A": return strokes([[0, 100, 32, 0, 64, 100], [13, 64, 51, 64]])
        case "1": return strokes([[2, 20, 24, 0, 24, 100]])
        case "2":
            return make { path in
                path.move(to: Point(3, 24))
                path.cubic(to: Point(29, 0), control1: Point(3, 9), control2: Point(15, 0))
                path.cubic(to: Point(54, 25), control1: Point(44, 0), control2: Point(54, 10))
                path.cubic(to: Point(2, 100), control1: Point(54, 44), control2: Point(36, 58))
                path.line(to: Point(56, 100))
            }
        case "3":
            return make { path in
                path.move(to: Point(3, 12))
                path.cubic(to: Point(29, 0), control1: Point(9, 4), control2: Point(18, 0))
                path.cubic(to: Point(53, 23), control1: Point(44, 0), control2: Point(53, 9))
                path.cubic(to: Point(25, 46), control1: Point(53, 37), control2: Point(42, 46))
                path.cubic(to: Point(56, 72), control1: Point(45, 46), control2: Point(56, 57))
                path.cubic(to: Point(28, 100), control1: Point(56, 89), control2: Point(44, 100))
                path.cubic(to: Point(1, 86), control1: Point(16, 100), control2: Point(6, 95))
            }
        case "4": return strokes([[42, 100, 42, 0, 1, 69, 58, 69]])
        case "5":
            return make { path in
                path.move(to: Point(52, 0))
                path.line(to: Point(10, 0))
                path.line(to: Point(6, 45))
                path.cubic(to: Point(29, 37), control1: Point(13, 40), control2: Point(21, 37))
                path.cubic(to: Point(56, 67), control1: Point(45, 37), control2: Point(56, 49))
                path.cubic(to: Point(28, 100), control1: Point(56, 87), control2: Point(44, 100))
                path.cubic(to: Point(1, 87), control1: Point(16, 100), control2: Point(6, 95))
            }
        case "6": return six
        case "9": return six.applying(.halfTurn(about: Point(28, 50)))
        case "7": return strokes([[0, 0, 56, 0, 20, 100]])
        case "8":
            var path = Path.ellipse(center: Point(28, 24), radiusX: 22, radiusY: 24)
            path.append(.ellipse(center: Point(28, 73), radiusX: 27, radiusY: 27))
            return path
        case "0": return .ellipse(center: Point(28, 50), radiusX: 28, radiusY: 50)
        case "O": return .ellipse(center: Point(30, 50), radiusX: 30, radiusY: 50)
        case "Q":
            var path = Path.ellipse(center: Point(32, 50), radiusX: 32, radiusY: 50)
            path.append(strokes([[38, 72, 62, 102]]))
            return path
        case "J":
            return make { path in
                path.move(to: Point(18, 0))
                path.line(to: Point(44, 0))
                path.line(to: Point(44, 70))
                path.cubic(to: Point(21, 100), control1: Point(44, 89), control2: Point(34, 100))
                path.cubic(to: Point(0, 82), control1: Point(10, 100), control2: Point(2, 93))
            }
        case "K": return strokes([[0, 0, 0, 100], [56, 0, 0, 64], [18, 43, 58, 100]])
        case "E": return strokes([[46, 0, 0, 0, 0, 100, 46, 100], [0, 50, 38, 50]])
        case "R":
            return make { path in
                path.move(to: Point(0, 100))
                path.line(to: Point(0, 0))
                path.line(to: Point(27, 0))
                path.cubic(to: Point(52, 25), control1: Point(43, 0), control2: Point(52, 10))
                path.cubic(to: Point(27, 50), control1: Point(52, 40), control2: Point(43, 50))
                path.line(to: Point(0, 50))
                path.move(to: Point(24, 50))
                path.line(to: Point(52, 100))
            }
        default: return Path()
        }
    }

    /// The centre lines of a whole label laid out left to right, and its total width in glyph units.
    static func label(_ text: String) -> (path: Path, width: Double) {
        var path = Path()
        var x = 0.0
        for character in text {
            guard let advance = advance(of: character) else { continue }
            if x > 0 { x += spacing }
            path.append(centreLines(of: character).applying(.translation(x, 0)))
            x += advance
        }
        return (path, x)
    }

    private static let six = make { path in
        path.move(to: Point(50, 5))
        path.cubic(to: Point(32, 0), control1: Point(45, 2), control2: Point(38, 0))
        path.cubic(to: Point(2, 70), control1: Point(12, 0), control2: Point(2, 22))
        path.append(.ellipse(center: Point(29, 72), radiusX: 27, radiusY: 28))
    }

    private static func make(_ build: (inout Path) -> Void) -> Path {
        var path = Path()
        build(&path)
        return path
    }

    /// Open polylines from flat coordinate lists `[x0, y0, x1, y1, …]`.
    private static func strokes(_ lines: [[Double]]) -> Path {
        var path = Path()
        for line in lines {
            let points = stride(from: 0, to: line.count - 1, by: 2).map { Point(line[$0], line[$0 + 1]) }
            path.append(.polyline(points))
        }
        return path
    }
}
