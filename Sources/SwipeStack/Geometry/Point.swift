/// A point or a translation in the stack's coordinate space (points, x rightward, y downward).
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - x: The horizontal coordinate.
    ///   - y: The vertical coordinate.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The scalar projection onto a direction's unit vector.
    func projected(on direction: SwipeDirection) -> Double { x * direction.dx + y * direction.dy }

    static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
}

/// A rectangle in the stack's coordinate space.
public struct Rect: Hashable, Sendable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle.
    ///
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The width.
    ///   - height: The height.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The corner of the card a tap landed nearest to (MGSwipeCards' `tapCorner`).
public enum TapCorner: Hashable, Sendable {
    /// The upper-left quarter of the card.
    case topLeft
    /// The upper-right quarter of the card.
    case topRight
    /// The lower-left quarter of the card.
    case bottomLeft
    /// The lower-right quarter of the card.
    case bottomRight
}
