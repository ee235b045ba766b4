/// The frames of a card's parts (content, footer, overlay area) in the card's own coordinates.
///
/// As in MGSwipeCards, the footer sits at the bottom with a given height; the content fills the space above it,
/// or the whole card when the footer is transparent; overlays cover the card above the footer either way.
public struct CardLayout: Hashable, Sendable {
    /// The card's whole bounds.
    public var bounds: Rect
    /// The content view's frame.
    public var contentFrame: Rect
    /// The footer's frame (zero height when there is no footer).
    public var footerFrame: Rect
    /// The frame shared by the direction overlays.
    public var overlayFrame: Rect

    /// Computes the layout of a card.
    ///
    /// - Parameters:
    ///   - width: The card's width in points (negative counts as 0).
    ///   - height: The card's height in points (negative counts as 0).
    ///   - footerHeight: The footer's height, clamped to `0...height`.
    ///   - isFooterTransparent: Whether the content continues under the footer.
    public init(width: Double, height: Double, footerHeight: Double, isFooterTransparent: Bool) {
        let width = max(width.isFinite ? width : 0, 0)
        let height = max(height.isFinite ? height : 0, 0)
        let footer = min(max(footerHeight.isFinite ? footerHeight : 0, 0), height)
        bounds = Rect(x: 0, y: 0, width: width, height: height)
        footerFrame = Rect(x: 0, y: height - footer, width: width, height: footer)
        contentFrame = Rect(x: 0, y: 0, width: width, height: isFooterTransparent ? height : height - footer)
        overlayFrame = Rect(x: 0, y: 0, width: width, height: height - footer)
    }
}
