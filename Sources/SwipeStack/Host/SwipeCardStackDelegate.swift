/// Hears what happens in a ``SwipeCardStack`` (Shuffle's and MGSwipeCards' `SwipeCardStackDelegate`). Every
/// method has an empty default, so a delegate implements only what it needs.
///
/// Calls arrive after the stack's state changed, in the order things happened. A delegate may call the stack from
/// inside a callback (swipe, undo, insert, delete): the call applies at once, and the delegate calls it causes
/// follow the current one, in order.
public protocol SwipeCardStackDelegate {
    /// A card left the stack, by a drag, programmatically or by a redo (`cardStack(_:didSwipeCardAt:with:)`).
    func didSwipeCard(at index: Int, card: CardID, direction: SwipeDirection)
    /// An undo brought a swiped card back on top (`cardStack(_:didUndoCardAt:from:)`).
    func didUndoCard(at index: Int, card: CardID, from direction: SwipeDirection)
    /// The top card was tapped in a corner (`cardStack(_:didSelectCardAt:)`, MGSwipeCards' `tapCorner`).
    func didSelectCard(at index: Int, card: CardID, corner: TapCorner)
    /// The last remaining card was swiped (`didSwipeAllCards(_:)`).
    func didSwipeAllCards()
    /// A drag ended without a swipe; the card springs back.
    func didCancelSwipe(at index: Int, card: CardID)
    /// The dragged card moved: the active direction, if any, and the progress toward a swipe, 0...1.
    func dragProgress(at index: Int, card: CardID, direction: SwipeDirection?, progress: Double)
    /// The stack was shifted (MGSwipeCards' `shift(withDistance:)`), or a shift was redone.
    func didShift(distance: Int)
    /// An undo reverted a shift.
    func didUndoShift(distance: Int)
}

extension SwipeCardStackDelegate {
    /// Does nothing by default.
    public func didSwipeCard(at index: Int, card: CardID, direction: SwipeDirection) {}
    /// Does nothing by default.
    public func didUndoCard(at index: Int, card: CardID, from direction: SwipeDirection) {}
    /// Does nothing by default.
    public func didSelectCard(at index: Int, card: CardID, corner: TapCorner) {}
    /// Does nothing by default.
    public func didSwipeAllCards() {}
    /// Does nothing by default.
    public func didCancelSwipe(at index: Int, card: CardID) {}
    /// Does nothing by default.
    public func dragProgress(at index: Int, card: CardID, direction: SwipeDirection?, progress: Double) {}
    /// Does nothing by default.
    public func didShift(distance: Int) {}
    /// Does nothing by default.
    public func didUndoShift(distance: Int) {}

    /// Calls the method that matches an engine event.
    ///
    /// - Parameter event: An event read from ``SwipeStack/nextEvent()``.
    public func deliver(_ event: StackEvent) {
        switch event {
        case .didSwipeCard(let index, let card, let direction):
            didSwipeCard(at: index, card: card, direction: direction)
        case .didUndoCard(let index, let card, let direction): didUndoCard(at: index, card: card, from: direction)
        case .didShift(let distance): didShift(distance: distance)
        case .didUndoShift(let distance): didUndoShift(distance: distance)
        case .didCancelSwipe(let index, let card): didCancelSwipe(at: index, card: card)
        case .didSwipeAllCards: didSwipeAllCards()
        case .didSelectCard(let index, let card, let corner): didSelectCard(at: index, card: card, corner: corner)
        case .dragProgress(let index, let card, let direction, let progress):
            dragProgress(at: index, card: card, direction: direction, progress: progress)
        }
    }
}
