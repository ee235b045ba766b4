/// How a card is placed relative to its resting place: the unit of the background layout.
///
/// The default background layout scales each card behind the top one down by a step; a custom layout returns
/// any transform for a position, like MGSwipeCards' `transformForCard(at:)`.
public struct CardTransform: Hashable, Sendable {
    /// The horizontal offset from the stack's centre, in points.
    public var translationX: Double
    /// The vertical offset from the stack's centre, in points.
    public var translationY: Double
    /// The rotation in radians, clockwise on screen.
    public var rotation: Double
    /// The uniform scale factor (1 = full size).
    public var scale: Double
    /// The opacity in 0...1.
    public var opacity: Double

    /// Creates a transform.
    ///
    /// - Parameters:
    ///   - translationX: The horizontal offset in points.
    ///   - translationY: The vertical offset in points.
    ///   - rotation: The rotation in radians.
    ///   - scale: The scale factor.
    ///   - opacity: The opacity in 0...1.
    public init(
        translationX: Double = 0, translationY: Double = 0, rotation: Double = 0, scale: Double = 1,
        opacity: Double = 1
    ) {
        self.translationX = translationX
        self.translationY = translationY
        self.rotation = rotation
        self.scale = scale
        self.opacity = opacity
    }

    /// The resting transform of the top card.
    public static let identity = CardTransform()

    /// Linear interpolation from `self` (at 0) to `other` (at 1).
    func interpolated(to other: CardTransform, _ fraction: Double) -> CardTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return CardTransform(
            translationX: mix(translationX, other.translationX), translationY: mix(translationY, other.translationY),
            rotation: mix(rotation, other.rotation), scale: mix(scale, other.scale),
            opacity: mix(opacity, other.opacity)
        )
    }
}

/// Where the cards behind the top one rest.
///
/// Position 0 is the top card; a layout gives the transform of the card at each position below it. The engine
/// interpolates between positions, so background cards glide toward their next place as a drag grows and after
/// swipes, undos and shifts.
public struct BackgroundLayout: Sendable {
    /// How much smaller each card is than the one above it, in 0...0.5 (default 0.05).
    public var scaleStep: Double {
        didSet { scaleStep = min(max(scaleStep.isFinite ? scaleStep : 0, 0), 0.5) }
    }
    /// How far down each card sits below the one above it, in points, in −200...200 (default 0).
    public var offsetStep: Double {
        didSet { offsetStep = min(max(offsetStep.isFinite ? offsetStep : 0, -200), 200) }
    }
    /// A custom layout hook: the transform for a position ≥ 1, replacing the stepped layout when set.
    public var custom: (@Sendable (Int) -> CardTransform)?

    /// Creates a stepped layout.
    ///
    /// - Parameters:
    ///   - scaleStep: The scale decrease per position, clamped to 0...0.5.
    ///   - offsetStep: The downward offset per position in points, clamped to −200...200.
    public init(scaleStep: Double = 0.05, offsetStep: Double = 0) {
        self.scaleStep = min(max(scaleStep.isFinite ? scaleStep : 0, 0), 0.5)
        self.offsetStep = min(max(offsetStep.isFinite ? offsetStep : 0, -200), 200)
        self.custom = nil
    }

    /// Creates a layout from a hook like MGSwipeCards' `transformForCard(at:)`.
    ///
    /// - Parameter transform: Returns the resting transform of the card at a position ≥ 1.
    public init(custom transform: @escaping @Sendable (Int) -> CardTransform) {
        self.scaleStep = 0.05
        self.offsetStep = 0
        self.custom = transform
    }

    /// The transform at an integer position (0 is the top card, always at rest).
    public func transform(atPosition position: Int) -> CardTransform {
        guard position > 0 else { return .identity }
        if let custom { return custom(position) }
        let scale = max(1 - scaleStep * Double(position), 0)
        return CardTransform(translationY: offsetStep * Double(position), scale: scale)
    }

    /// The transform at a fractional position, interpolated between the neighbouring integer positions;
    /// positions past `lastVisible` fade out.
    func transform(atContinuousPosition position: Double, lastVisible: Int) -> CardTransform {
        let clamped = min(max(position, 0), Double(lastVisible))
        let lower = Int(clamped)
        let fraction = clamped - Double(lower)
        var result = transform(atPosition: lower)
        if fraction > 0 { result = result.interpolated(to: transform(atPosition: lower + 1), fraction) }
        if position > Double(lastVisible) {
            result.opacity *= max(0, 1 - (position - Double(lastVisible)))
        }
        return result
    }
}
