/// A pointer held on the stack: where and when it went down, and whether it moved beyond the tap slop.
struct PointerState: Sendable {
    var start: Point
    var startTime: Double
    var hasMoved: Bool
}

/// Pointer input and the programmatic actions of Shuffle and MGSwipeCards.
///
/// Points are in the stack's coordinates (origin at its top-left corner, y down); times are seconds from any fixed
/// origin. A pointer that goes up within ``SwipeCardStack/tapSlop`` and ``SwipeCardStack/tapDuration`` is also a
/// tap (``SwipeCardStackDelegate/didSelectCard(at:card:corner:)``).
extension SwipeCardStack {
    /// A finger or mouse button went down on the stack: the top card starts following it.
    ///
    /// A second pointer while one is down is ignored (multi-touch does not drag two cards).
    ///
    /// - Parameters:
    ///   - point: Where it went down.
    ///   - time: The current time in seconds.
    /// - Returns: Whether the stack took the pointer (a card is there); when `false`, later calls for this
    ///   pointer are ignored.
    @discardableResult
    public func pointerBegan(at point: Point, time: Double) -> Bool {
        guard pointer == nil else { return false }
        let action = stackEngine.dragBegan(at: point, time: time)
        guard action != .none else { return false }
        pointer = PointerState(start: point, startTime: time, hasMoved: false)
        handle(action)
        return true
    }

    /// The pointer moved: the card follows and the delegate hears the drag's progress.
    ///
    /// - Parameters:
    ///   - point: Where it is now.
    ///   - time: The current time in seconds.
    public func pointerMoved(to point: Point, time: Double) {
        guard var held = pointer else { return }
        let dx = point.x - held.start.x
        let dy = point.y - held.start.y
        if dx * dx + dy * dy > tapSlop * tapSlop { held.hasMoved = true }
        pointer = held
        handle(stackEngine.dragMoved(to: point, time: time))
    }

    /// The pointer went up: the card is swiped or springs back; a short, still press is also a tap.
    ///
    /// - Parameters:
    ///   - point: Where it went up.
    ///   - time: The current time in seconds.
    public func pointerEnded(at point: Point, time: Double) {
        guard let held = pointer else { return }
        pointer = nil
        let isTap = !held.hasMoved && time - held.startTime <= tapDuration
        handle(stackEngine.dragEnded(at: point, time: time))
        if isTap { handle(stackEngine.tapped(at: point, time: time)) }
    }

    /// The system took the pointer away (an incoming call, a scroll view): the card springs back.
    ///
    /// - Parameter time: The current time in seconds.
    public func pointerCancelled(time: Double) {
        guard pointer != nil else { return }
        pointer = nil
        handle(stackEngine.dragCancelled(time: time))
    }

    /// Whether a pointer is down on the stack.
    public var isTrackingPointer: Bool { pointer != nil }

    // MARK: Programmatic actions

    /// Swipes the top card in a direction (Shuffle's `swipe(_:animated:)`); while a pointer drags, the swipe runs
    /// when the drag ends.
    ///
    /// - Parameters:
    ///   - direction: One of the stack's directions that the top card allows.
    ///   - animated: Whether the card flies out.
    ///   - time: The current time in seconds.
    /// - Throws: ``StackError/Code/emptyStack`` or ``StackError/Code/directionNotAllowed``; nothing changes.
    public func swipe(_ direction: SwipeDirection, animated: Bool = true, time: Double) throws(StackError) {
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.swipe(direction: direction, animated: animated, time: time)
        }
    }

    /// Brings back the last swiped card (Shuffle's and MGSwipeCards' `undoLastSwipe(animated:)`); shifts stay.
    ///
    /// - Parameters:
    ///   - animated: Whether the card flies back.
    ///   - time: The current time in seconds.
    /// - Throws: ``StackError/Code/nothingToUndo``; nothing changes.
    public func undoLastSwipe(animated: Bool = true, time: Double) throws(StackError) {
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.undoLastSwipe(animated: animated, time: time)
        }
    }

    /// Reverts the last shift.
    ///
    /// - Parameters:
    ///   - animated: Whether the cards glide.
    ///   - time: The current time in seconds.
    /// - Throws: ``StackError/Code/nothingToUndo``; nothing changes.
    public func undoLastShift(animated: Bool = true, time: Double) throws(StackError) {
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.undoLastShift(animated: animated, time: time)
        }
    }

    /// Reverts the last swipe or shift, whichever came last.
    ///
    /// - Parameters:
    ///   - animated: Whether the card flies back or the cards glide.
    ///   - time: The current time in seconds.
    /// - Throws: ``StackError/Code/nothingToUndo``; nothing changes.
    public func undo(animated: Bool = true, time: Double) throws(StackError) {
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.undo(animated: animated, time: time)
        }
    }

    /// Performs the last undone swipe or shift again.
    ///
    /// - Parameters:
    ///   - animated: Whether the card flies out or the cards glide.
    ///   - time: The current time in seconds.
    /// - Throws: ``StackError/Code/nothingToRedo``; nothing changes.
    public func redo(animated: Bool = true, time: Double) throws(StackError) {
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.redo(animated: animated, time: time)
        }
    }

    /// Rotates the stack so the card at position `distance` comes to the top (MGSwipeCards' `shift(withDistance:)`).
    ///
    /// - Parameters:
    ///   - distance: How many cards move from the top to the bottom.
    ///   - animated: Whether the cards glide.
    ///   - time: The current time in seconds.
    /// - Throws: ``StackError/Code/emptyStack``; nothing changes.
    public func shift(withDistance distance: Int = 1, animated: Bool = true, time: Double) throws(StackError) {
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.shift(withDistance: distance, animated: animated, time: time)
        }
    }
}
