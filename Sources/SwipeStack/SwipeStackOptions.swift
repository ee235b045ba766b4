/// Which drags the recognizer considers: any direction, or one axis only.
public enum RecognitionAxis: Hashable, Sendable {
    /// Every direction of the stack can be recognized.
    case any
    /// Only the horizontal component of a drag counts, and only mostly-horizontal directions are recognized.
    case horizontal
    /// Only the vertical component of a drag counts, and only mostly-vertical directions are recognized.
    case vertical
}

/// Per-direction overrides of the swipe thresholds.
public struct DirectionThreshold: Hashable, Sendable {
    /// The direction the override applies to.
    public var direction: SwipeDirection
    /// The drag distance that commits a swipe in this direction, in points, or `nil` for the stack's default.
    public var minimumDistance: Double?
    /// The release speed that commits a swipe in this direction, in points/s, or `nil` for the stack's default.
    public var minimumSpeed: Double?

    /// Creates an override.
    ///
    /// - Parameters:
    ///   - direction: The direction it applies to.
    ///   - minimumDistance: The commit distance in points (clamped to ≥ 1), or `nil`.
    ///   - minimumSpeed: The commit speed in points/s (clamped to ≥ 1), or `nil`.
    public init(direction: SwipeDirection, minimumDistance: Double? = nil, minimumSpeed: Double? = nil) {
        self.direction = direction
        self.minimumDistance = minimumDistance.map { max($0.isFinite ? $0 : 1, 1) }
        self.minimumSpeed = minimumSpeed.map { max($0.isFinite ? $0 : 1, 1) }
    }
}

/// The configuration of a ``SwipeStack``: size, directions, recognition thresholds, layout and animation.
///
/// Every value is clamped to its documented range when the stack receives it.
public struct SwipeStackOptions: Sendable {
    /// The stack's width in points, ≥ 1 (default 320). Cards fill the stack.
    public var width: Double = 320
    /// The stack's height in points, ≥ 1 (default 480).
    public var height: Double = 480
    /// The directions a card can leave in, 1 to 64 of them, duplicates removed (default left, right, up, down).
    public var directions: [SwipeDirection] = SwipeDirection.cardinal
    /// Which drags are recognized (default ``RecognitionAxis/any``).
    public var recognitionAxis: RecognitionAxis = .any
    /// The drag distance that commits a swipe, or `nil` for a quarter of the stack's shorter side.
    public var minimumSwipeDistance: Double?
    /// The release speed along the active direction that commits a swipe: ≥ 1 points/s, default 1,100.
    public var minimumSwipeSpeed: Double = 1100
    /// Per-direction threshold overrides.
    public var directionThresholds: [DirectionThreshold] = []
    /// How far back velocity samples count, 0.01...1 s (default 0.1 s).
    public var velocitySampleWindow: Double = 0.1
    /// How many cards are drawn, 1...16 (default 3; MGSwipeCards' `numberOfVisibleCards`).
    public var numberOfVisibleCards: Int = 3
    /// Where the background cards rest.
    public var backgroundLayout = BackgroundLayout()
    /// The animation settings.
    public var animation = AnimationOptions()
    /// The card footer's height in points, clamped to the card's height (default 0: no footer).
    public var footerHeight: Double = 0
    /// Whether the content continues under the footer.
    public var isFooterTransparent = false

    /// Creates the default options.
    public init() {}

    /// Creates options for a stack of the given size and directions.
    ///
    /// - Parameters:
    ///   - width: The stack's width in points.
    ///   - height: The stack's height in points.
    ///   - directions: The directions cards can leave in.
    public init(width: Double, height: Double, directions: [SwipeDirection] = SwipeDirection.cardinal) {
        self.width = width
        self.height = height
        self.directions = directions
    }

    /// The options with every value clamped to its range.
    func clamped() -> SwipeStackOptions {
        var result = self
        result.width = max(width.isFinite ? width : 320, 1)
        result.height = max(height.isFinite ? height : 480, 1)
        var unique: [SwipeDirection] = []
        for direction in directions where !unique.contains(direction) && unique.count < 64 {
            unique.append(direction)
        }
        result.directions = unique.isEmpty ? SwipeDirection.cardinal : unique
        result.minimumSwipeDistance = minimumSwipeDistance.map { max($0.isFinite ? $0 : 1, 1) }
        result.minimumSwipeSpeed = max(minimumSwipeSpeed.isFinite ? minimumSwipeSpeed : 1100, 1)
        result.velocitySampleWindow = AnimationOptions.clamp(velocitySampleWindow, 0.01, 1, 0.1)
        result.numberOfVisibleCards = min(max(numberOfVisibleCards, 1), 16)
        result.footerHeight = min(max(footerHeight.isFinite ? footerHeight : 0, 0), result.height)
        return result
    }

    /// The commit distance for a direction: its override, the stack's setting, or a quarter of the shorter side.
    ///
    /// - Parameter direction: The direction.
    /// - Returns: The distance in points.
    public func minimumDistance(for direction: SwipeDirection) -> Double {
        for threshold in directionThresholds where threshold.direction == direction {
            if let distance = threshold.minimumDistance { return distance }
        }
        return minimumSwipeDistance ?? min(width, height) / 4
    }

    /// The commit speed for a direction: its override or the stack's setting.
    ///
    /// - Parameter direction: The direction.
    /// - Returns: The speed in points/s.
    public func minimumSpeed(for direction: SwipeDirection) -> Double {
        for threshold in directionThresholds where threshold.direction == direction {
            if let speed = threshold.minimumSpeed { return speed }
        }
        return minimumSwipeSpeed
    }

    /// The distance from the stack's centre past which a card is fully off the stack.
    var exitDistance: Double { (width * width + height * height).squareRoot() * 1.1 }

    /// The bit mask of the directions that the recognition axis admits.
    var axisMask: UInt64 {
        var mask: UInt64 = 0
        for (slot, direction) in directions.enumerated() {
            switch recognitionAxis {
            case .any: mask |= 1 << UInt64(slot)
            case .horizontal: if direction.isMostlyHorizontal { mask |= 1 << UInt64(slot) }
            case .vertical: if direction.isMostlyVertical { mask |= 1 << UInt64(slot) }
            }
        }
        return mask
    }
}
