/// Actions for screen readers and keyboards: the same swipes and undo as the buttons of a stack's UI.
extension SwipeStack {
    /// The actions available on the top card: a swipe for each direction it allows, then undo when possible.
    ///
    /// - Complexity: O(d) for d directions.
    public var accessibilityActions: [AccessibilityAction] {
        var actions: [AccessibilityAction] = []
        forEachAccessibilityAction { actions.append($0) }
        return actions
    }

    /// Calls `body` with each action of ``accessibilityActions`` without building an array.
    ///
    /// - Parameter body: Receives each available action in order.
    public func forEachAccessibilityAction(_ body: (AccessibilityAction) -> Void) {
        if model.numberOfRemainingCards > 0 {
            let mask = model.allowedMask(of: model.identity(atPosition: 0))
            for (slot, direction) in options.directions.enumerated() where mask & (1 << UInt64(slot)) != 0 {
                body(.swipe(direction))
            }
        }
        if model.canUndo { body(.undo) }
    }

    /// Performs an accessibility action: exactly ``swipe(direction:animated:time:)`` or
    /// ``undo(animated:time:)``, animated.
    ///
    /// - Parameters:
    ///   - action: One of ``accessibilityActions``.
    ///   - time: The current time in seconds.
    /// - Returns: What the host must do, as for the programmatic call.
    /// - Throws: The programmatic call's errors.
    @discardableResult
    public mutating func performAccessibilityAction(
        _ action: AccessibilityAction, time: Double
    ) throws(StackError) -> StackAction {
        switch action {
        case .swipe(let direction): try swipe(direction: direction, animated: true, time: time)
        case .undo: try undo(animated: true, time: time)
        }
    }
}
