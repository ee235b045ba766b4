/// Durations, spring and rotation settings for the stack's animations, each clamped to a documented range.
///
/// Values outside a range are clamped when set, and non-finite values fall back to the default, so a renderer
/// can pass user settings through without validating them.
public struct AnimationOptions: Hashable, Sendable {
    /// The swipe-out duration of a card released with no speed, and of programmatic swipes: 0.05...2 s,
    /// default 0.4 s. A faster release shortens it continuously, down to ``minimumSwipeDuration``.
    public var swipeDuration: Double {
        didSet { swipeDuration = Self.clamp(swipeDuration, 0.05, 2, 0.4) }
    }
    /// The shortest swipe-out, for very fast releases: 0.02...2 s (never above ``swipeDuration``), default 0.1 s.
    public var minimumSwipeDuration: Double {
        didSet { minimumSwipeDuration = Self.clamp(minimumSwipeDuration, 0.02, 2, 0.1) }
    }
    /// The reset spring's damping ratio: 0.1...1 (1 = critically damped), default 0.75.
    public var resetDampingRatio: Double {
        didSet { resetDampingRatio = Self.clamp(resetDampingRatio, 0.1, 1, 0.75) }
    }
    /// The reset spring's natural angular frequency: 2...100 rad/s, default 16.
    public var resetFrequency: Double {
        didSet { resetFrequency = Self.clamp(resetFrequency, 2, 100, 16) }
    }
    /// The duration of an undone card's return: 0.05...2 s, default 0.3 s.
    public var undoDuration: Double {
        didSet { undoDuration = Self.clamp(undoDuration, 0.05, 2, 0.3) }
    }
    /// The duration of the background cards' move after a swipe, undo or shift: 0.05...2 s, default 0.25 s.
    public var stackTransitionDuration: Double {
        didSet { stackTransitionDuration = Self.clamp(stackTransitionDuration, 0.05, 2, 0.25) }
    }
    /// The largest rotation of a dragged card: 0...π/4 radians, default π/10.
    public var maximumRotationAngle: Double {
        didSet { maximumRotationAngle = Self.clamp(maximumRotationAngle, 0, Double.pi / 4, Double.pi / 10) }
    }

    /// Creates options; every value is clamped to its range.
    ///
    /// - Parameters:
    ///   - swipeDuration: Swipe-out duration with no release speed, 0.05...2 s.
    ///   - minimumSwipeDuration: Shortest swipe-out, 0.02...2 s.
    ///   - resetDampingRatio: Reset spring damping ratio, 0.1...1.
    ///   - resetFrequency: Reset spring angular frequency, 2...100 rad/s.
    ///   - undoDuration: Undo return duration, 0.05...2 s.
    ///   - stackTransitionDuration: Background move duration, 0.05...2 s.
    ///   - maximumRotationAngle: Largest drag rotation, 0...π/4.
    public init(
        swipeDuration: Double = 0.4, minimumSwipeDuration: Double = 0.1, resetDampingRatio: Double = 0.75,
        resetFrequency: Double = 16, undoDuration: Double = 0.3, stackTransitionDuration: Double = 0.25,
        maximumRotationAngle: Double = Double.pi / 10
    ) {
        self.swipeDuration = Self.clamp(swipeDuration, 0.05, 2, 0.4)
        self.minimumSwipeDuration = Self.clamp(minimumSwipeDuration, 0.02, 2, 0.1)
        self.resetDampingRatio = Self.clamp(resetDampingRatio, 0.1, 1, 0.75)
        self.resetFrequency = Self.clamp(resetFrequency, 2, 100, 16)
        self.undoDuration = Self.clamp(undoDuration, 0.05, 2, 0.3)
        self.stackTransitionDuration = Self.clamp(stackTransitionDuration, 0.05, 2, 0.25)
        self.maximumRotationAngle = Self.clamp(maximumRotationAngle, 0, Double.pi / 4, Double.pi / 10)
    }

    static func clamp(_ value: Double, _ lower: Double, _ upper: Double, _ fallback: Double) -> Double {
        value.isFinite ? min(max(value, lower), upper) : fallback
    }

    /// The swipe-out duration for a card that still has `distance` points to travel at `speed` points/s along
    /// its direction: `distance / speed` clamped to `minimumSwipeDuration...swipeDuration`, which varies
    /// continuously with speed and equals `swipeDuration` at speed 0.
    ///
    /// - Parameters:
    ///   - distance: The distance left to travel, in points.
    ///   - speed: The release speed along the swipe direction, in points/s (negative counts as 0).
    /// - Returns: The duration in seconds.
    public func swipeOutDuration(distance: Double, speed: Double) -> Double {
        let longest = swipeDuration
        let shortest = min(minimumSwipeDuration, longest)
        guard speed > 0, distance > 0 else { return distance > 0 ? longest : shortest }
        return min(max(distance / speed, shortest), longest)
    }
}
