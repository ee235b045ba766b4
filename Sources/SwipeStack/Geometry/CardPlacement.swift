/// Where and how to draw one card in a frame.
///
/// Translations are relative to the card's resting place, centred in the stack; rotation is about the card's
/// centre. Draw placements in increasing ``zIndex`` (higher is in front).
public struct CardPlacement: Hashable, Sendable {
    /// The card's data-source index.
    public var index: Int
    /// The card's stable identity: key views by it, since indices shift with inserts and deletes.
    public var card: CardID
    /// The card's position in the remaining stack, or −1 for a card flying out.
    public var position: Int
    /// The drawing order; higher is in front.
    public var zIndex: Int
    /// The horizontal offset from the resting place, in points.
    public var translationX: Double
    /// The vertical offset from the resting place, in points.
    public var translationY: Double
    /// The rotation in radians (clockwise on screen).
    public var rotation: Double
    /// The uniform scale.
    public var scale: Double
    /// The card's opacity, 0...1.
    public var opacity: Double
    /// The direction slot (index into ``SwipeStackOptions/directions``) of the strongest overlay, or −1.
    public var primaryOverlay: Int
    /// The strongest overlay's opacity, 0...1.
    public var primaryOverlayOpacity: Double
    /// The direction slot of the overlay blending in beside the strongest one, or −1.
    public var secondaryOverlay: Int
    /// The blending overlay's opacity, 0...1.
    public var secondaryOverlayOpacity: Double

    /// The opacity of the overlay for a direction slot: at most two overlays are visible at a time.
    ///
    /// - Parameter slot: An index into ``SwipeStackOptions/directions``.
    /// - Returns: The overlay's opacity in 0...1.
    public func overlayOpacity(forSlot slot: Int) -> Double {
        if slot == primaryOverlay { return primaryOverlayOpacity }
        if slot == secondaryOverlay { return secondaryOverlayOpacity }
        return 0
    }

    init(index: Int, card: CardID, position: Int, zIndex: Int, transform: CardTransform, overlay: OverlayBlend) {
        self.index = index
        self.card = card
        self.position = position
        self.zIndex = zIndex
        translationX = transform.translationX
        translationY = transform.translationY
        rotation = transform.rotation
        scale = transform.scale
        opacity = transform.opacity
        primaryOverlay = overlay.primary
        primaryOverlayOpacity = overlay.primaryOpacity
        secondaryOverlay = overlay.secondary
        secondaryOverlayOpacity = overlay.secondaryOpacity
    }
}

/// The overlay opacities of one card: at most two direction slots blend at a time.
struct OverlayBlend: Hashable, Sendable {
    var primary = -1
    var primaryOpacity = 0.0
    var secondary = -1
    var secondaryOpacity = 0.0

    static let none = OverlayBlend()

    func scaled(by factor: Double) -> OverlayBlend {
        OverlayBlend(
            primary: primary, primaryOpacity: primaryOpacity * factor, secondary: secondary,
            secondaryOpacity: secondaryOpacity * factor)
    }
}

/// Everything to draw at one instant: the visible cards back to front.
public struct StackFrame: Hashable, Sendable {
    /// The visible cards sorted by increasing ``CardPlacement/zIndex`` (draw in this order).
    public var placements: [CardPlacement]
    /// Whether an animation is still running at this time (keep requesting frames).
    public var isAnimating: Bool
}
