/// A delegate-style notification, delivered exactly once and in the order things happened.
///
/// The engine queues events as it changes; read them with ``SwipeStack/nextEvent()`` after each call. Indices are
/// data-source indices at the moment the event was queued; `card` is the card's stable ``CardID``, which stays
/// valid when later updates renumber the indices.
///
/// A redo sends the event of the action it performs again: ``didSwipeCard(index:card:direction:)`` (and
/// ``didSwipeAllCards`` when it empties the stack) or ``didShift(distance:)``.
public enum StackEvent: Hashable, Sendable {
    /// A card left the stack, by the user's gesture or programmatically (MGSwipeCards' `didSwipeCardAt`).
    case didSwipeCard(index: Int, card: CardID, direction: SwipeDirection)
    /// An undo brought a swiped card back on top (`didUndoCardAt … from:`).
    case didUndoCard(index: Int, card: CardID, direction: SwipeDirection)
    /// The stack was shifted by a distance.
    case didShift(distance: Int)
    /// An undo reverted a shift of the given distance.
    case didUndoShift(distance: Int)
    /// A drag ended without committing; the card springs back.
    case didCancelSwipe(index: Int, card: CardID)
    /// The last remaining card was swiped (`didSwipeAllCards`).
    case didSwipeAllCards
    /// The top card was tapped (`didSelectCardAt … tapCorner:`).
    case didSelectCard(index: Int, card: CardID, corner: TapCorner)
    /// The dragged card moved: the active direction (if any) and the progress toward its commit distance, 0...1.
    /// Consecutive progress events not yet read are coalesced into the latest.
    case dragProgress(index: Int, card: CardID, direction: SwipeDirection?, progress: Double)
}

/// What the host must do after an event: nothing, draw once, or keep drawing animation frames.
public enum StackAction: Hashable, Sendable {
    /// Nothing visible changed.
    case none
    /// Draw one frame now with ``SwipeStack/frame(at:)``.
    case render
    /// Request animation frames and call ``SwipeStack/animationTick(at:)`` and ``SwipeStack/frame(at:)`` on each,
    /// until the tick returns something else than `.animate`.
    case animate
}

/// An action a screen reader or keyboard user can perform on the top card.
public enum AccessibilityAction: Hashable, Sendable {
    /// Swipe the top card in a direction; performing it is the same as ``SwipeStack/swipe(direction:animated:time:)``.
    case swipe(SwipeDirection)
    /// Undo the last swipe or shift, whichever came last; the same as ``SwipeStack/undo(animated:time:)``.
    case undo

    /// An English label for the action, such as "Swipe left" or "Undo".
    public var label: String {
        switch self {
        case .swipe(let direction): "Swipe " + direction.name
        case .undo: "Undo"
        }
    }
}
