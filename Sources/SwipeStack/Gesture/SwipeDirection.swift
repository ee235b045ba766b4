/// A direction in which a card can leave the stack, given by its angle.
///
/// Angles are in radians in screen coordinates: x grows to the right and y grows downward, so ``right`` is 0,
/// ``down`` is π/2, ``left`` is π and ``up`` is −π/2. The four cardinal directions are the default; a stack may
/// use any set, for example ``eightWay`` or directions made with ``init(angle:)``.
public struct SwipeDirection: Hashable, Sendable {
    /// The angle in radians, normalized to the half-open range (−π, π].
    public let angle: Double

    /// Creates a direction from an angle in radians (screen coordinates, y downward).
    ///
    /// - Parameter angle: Any finite angle; it is normalized to (−π, π]. A non-finite angle becomes 0.
    public init(angle: Double) {
        self.angle = Angle.normalized(angle.isFinite ? angle : 0)
        // Stored rather than computed: projections run on every drag sample and frame.
        dx = Angle.cos(self.angle)
        dy = Angle.sin(self.angle)
    }

    /// Toward positive x.
    public static let right = SwipeDirection(angle: 0)
    /// Toward positive y (down the screen).
    public static let down = SwipeDirection(angle: Double.pi / 2)
    /// Toward negative x.
    public static let left = SwipeDirection(angle: Double.pi)
    /// Toward negative y (up the screen).
    public static let up = SwipeDirection(angle: -Double.pi / 2)
    /// Diagonally up and right.
    public static let upRight = SwipeDirection(angle: -Double.pi / 4)
    /// Diagonally down and right.
    public static let downRight = SwipeDirection(angle: Double.pi / 4)
    /// Diagonally down and left.
    public static let downLeft = SwipeDirection(angle: 3 * Double.pi / 4)
    /// Diagonally up and left.
    public static let upLeft = SwipeDirection(angle: -3 * Double.pi / 4)

    /// Left, right, up and down: MGSwipeCards' `SwipeDirection.allDirections`.
    public static let cardinal: [SwipeDirection] = [.left, .right, .up, .down]
    /// The four cardinal and the four diagonal directions.
    public static let eightWay: [SwipeDirection] = [
        .left, .upLeft, .up, .upRight, .right, .downRight, .down, .downLeft,
    ]
    /// Left and right only (a Tinder-style stack).
    public static let horizontal: [SwipeDirection] = [.left, .right]

    /// The unit vector's x component.
    public let dx: Double
    /// The unit vector's y component.
    public let dy: Double

    /// A short English name ("left", "up right", …) for accessibility labels; other angles read "angle".
    public var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .upLeft: "up left"
        case .upRight: "up right"
        case .downLeft: "down left"
        case .downRight: "down right"
        default: "angle"
        }
    }

    /// Whether the direction lies closer to the horizontal axis than to the vertical one (ties count as both).
    var isMostlyHorizontal: Bool { abs(dx) >= abs(dy) - 1e-9 }
    /// Whether the direction lies closer to the vertical axis than to the horizontal one (ties count as both).
    var isMostlyVertical: Bool { abs(dy) >= abs(dx) - 1e-9 }
}

/// A swiped card as recorded in the undo history: its data-source index and the direction it left in.
public struct SwipedCard: Hashable, Sendable {
    /// The card's current data-source index (renumbered by inserts and deletes).
    public var index: Int
    /// The direction the card was swiped in.
    public var direction: SwipeDirection

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - index: The card's data-source index.
    ///   - direction: The direction it was swiped in.
    public init(index: Int, direction: SwipeDirection) {
        self.index = index
        self.direction = direction
    }
}
