/// A point or vector in a drawing's coordinate space, with `y` growing downwards.
struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    var x: Double
    /// The vertical coordinate, growing downwards.
    var y: Double

    /// Creates a point from its coordinates.
    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    static let zero = Point(0, 0)

    /// The distance from the origin.
    var length: Double { (x * x + y * y).squareRoot() }

    /// The vector rotated by 90°, pointing to the left of `self` when `y` grows downwards.
    var perpendicular: Point { Point(y, -x) }

    /// The vector scaled to length 1, or `.zero` for a vector of length 0.
    var normalized: Point {
        let length = self.length
        return length > 0 ? Point(x / length, y / length) : .zero
    }

    static func + (lhs: Point, rhs: Point) -> Point { Point(lhs.x + rhs.x, lhs.y + rhs.y) }
    static func - (lhs: Point, rhs: Point) -> Point { Point(lhs.x - rhs.x, lhs.y - rhs.y) }
    static func * (lhs: Point, rhs: Double) -> Point { Point(lhs.x * rhs, lhs.y * rhs) }
    static prefix func - (point: Point) -> Point { Point(-point.x, -point.y) }

    /// The z component of the cross product: positive when `other` turns clockwise from `self` on screen.
    func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    /// The dot product.
    func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The point a fraction `t` of the way from `self` to `other`.
    func interpolated(to other: Point, by t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }
}

/// A rectangle with its origin at the top-left corner.
struct Rect: Hashable, Sendable {
    /// The left edge.
    var minX: Double
    /// The top edge.
    var minY: Double
    /// The width.
    var width: Double
    /// The height.
    var height: Double

    init(x: Double, y: Double, width: Double, height: Double) {
        minX = x
        minY = y
        self.width = width
        self.height = height
    }

    var maxX: Double { minX + width }
    var maxY: Double { minY + height }
    var center: Point { Point(minX + width / 2, minY + height / 2) }

    /// The rectangle shrunk by `amount` on every side.
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
