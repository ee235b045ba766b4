/// An affine map of the plane: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (SVG's `matrix(a b c d tx ty)`).
struct AffineTransform: Hashable, Sendable {
    var a: Double
    var b: Double
    var c: Double
    var d: Double
    var tx: Double
    var ty: Double

    /// The transform that changes nothing.
    static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin.
    static func scale(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A uniform scale about the origin.
    static func scale(_ factor: Double) -> AffineTransform { scale(factor, factor) }

    /// A half turn about `center`, the symmetry of a card's two ends.
    static func halfTurn(about center: Point) -> AffineTransform {
        AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 2 * center.x, ty: 2 * center.y)
    }

    /// A rotation by `quarterTurns` × 90° about `center`, exact (no trigonometry rounding).
    static func quarterTurns(_ quarterTurns: Int, about center: Point) -> AffineTransform {
        let (cosine, sine): (Double, Double) =
            switch ((quarterTurns % 4) + 4) % 4 {
            case 0: (1, 0)
            case 1: (0, 1)
            case 2: (-1, 0)
            default: (0, -1)
            }
        return .translation(-center.x, -center.y)
            .concatenating(AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0))
            .concatenating(.translation(center.x, center.y))
    }

    /// The transform that applies `self` first, then `other`.
    func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Maps a point.
    func apply(_ point: Point) -> Point {
        Point(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
    }

    /// How much lengths grow, for stroke widths (exact for similarity transforms).
    var lengthScale: Double { abs(a * d - b * c).squareRoot() }
}
