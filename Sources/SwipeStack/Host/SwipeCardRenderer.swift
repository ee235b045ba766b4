/// Does the view work of a ``SwipeCardStack``: the few operations every renderer has (a `UIView` container, a
/// DOM element, a test's recorder). The stack decides everything; a renderer only carries it out.
///
/// For each frame the stack calls, in this order: ``removeView(_:card:)`` (and ``discardView(_:)``) for views
/// whose card is no longer visible, ``insertView(_:card:zIndex:)`` for views of cards that became visible,
/// ``reorderView(_:zIndex:)`` when a view's drawing order changed, and ``apply(_:to:)`` for every visible view.
public protocol SwipeCardRenderer {
    /// The host's card view type; the same as the data source's.
    associatedtype CardView

    /// Adds a view to the stack's container, drawn at a z-index (higher is in front; z-indices are 0..<count in
    /// the frame, so `insertSubview(_:at:)` takes it as is).
    func insertView(_ view: CardView, card: CardID, zIndex: Int)
    /// Changes a view's drawing order.
    func reorderView(_ view: CardView, zIndex: Int)
    /// Sets a view's transform, alpha and overlay alphas.
    func apply(_ appearance: CardAppearance, to view: CardView)
    /// Takes a view out of the container; the stack keeps it to reuse for another card.
    func removeView(_ view: CardView, card: CardID)
    /// A removed view the stack will not reuse: the host may free it.
    func discardView(_ view: CardView)
}
