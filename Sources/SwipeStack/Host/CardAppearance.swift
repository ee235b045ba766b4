/// How one card view looks in a frame: everything a renderer sets on the view, already computed.
public struct CardAppearance: Hashable, Sendable {
    /// The card shown.
    public var card: CardID
    /// The card's data-source index at this frame.
    public var index: Int
    /// The card's stack position (0 is the top), or −1 while it flies out.
    public var position: Int
    /// The drawing order among the stack's views: 0 is the back-most; higher is in front.
    public var zIndex: Int
    /// The view's transform about its centre, relative to its resting place.
    public var transform: AffineMatrix
    /// The view's alpha, 0...1.
    public var alpha: Double
    /// The direction slot (index into ``SwipeStackOptions/directions``) of the strongest overlay, or −1.
    public var primaryOverlaySlot: Int
    /// The strongest overlay's alpha, 0...1.
    public var primaryOverlayAlpha: Double
    /// The direction slot of the overlay blending in beside the strongest one, or −1.
    public var secondaryOverlaySlot: Int
    /// The blending overlay's alpha, 0...1.
    public var secondaryOverlayAlpha: Double

    /// The appearance of a placement.
    ///
    /// - Parameter placement: A placement from ``SwipeStack/frame(at:)``.
    public init(_ placement: CardPlacement) {
        card = placement.card
        index = placement.index
        position = placement.position
        zIndex = placement.zIndex
        transform = AffineMatrix(placement)
        alpha = placement.opacity
        primaryOverlaySlot = placement.primaryOverlay
        primaryOverlayAlpha = placement.primaryOverlayOpacity
        secondaryOverlaySlot = placement.secondaryOverlay
        secondaryOverlayAlpha = placement.secondaryOverlayOpacity
    }

    /// The alpha of the overlay for a direction slot (MGSwipeCards' overlay per direction); at most two overlays
    /// show at a time.
    ///
    /// - Parameter slot: An index into ``SwipeStackOptions/directions``.
    /// - Returns: The overlay's alpha in 0...1.
    public func overlayAlpha(forSlot slot: Int) -> Double {
        if slot == primaryOverlaySlot { return primaryOverlayAlpha }
        if slot == secondaryOverlaySlot { return secondaryOverlayAlpha }
        return 0
    }
}
