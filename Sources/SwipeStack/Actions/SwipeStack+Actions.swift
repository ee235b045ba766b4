/// Programmatic swipes, undo, redo and shift (MGSwipeCards' "useful methods"), all undoable and none ever dropped.
///
/// The model changes at once, so ``topCardIndex`` and the events reflect a swipe as soon as it is requested;
/// animations of several quick swipes overlap rather than waiting for each other. While the user drags, these
/// calls are checked against the current state and queued; they run in order when the drag ends. A queued
/// action that no longer applies then (say, a swipe after the drag swiped the last card) is skipped.
extension SwipeStack {
    /// Swipes the top card in a direction, as if the user had (delegate events are sent as usual).
    ///
    /// - Parameters:
    ///   - direction: One of ``SwipeStackOptions/directions`` that the top card allows.
    ///   - animated: Whether the card flies out (ask for animation frames) or disappears at once.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate`` or ``StackAction/render``; ``StackAction/none`` when queued.
    /// - Throws: ``StackError/Code/emptyStack`` or ``StackError/Code/directionNotAllowed``.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func swipe(
        direction: SwipeDirection, animated: Bool, time: Double
    ) throws(StackError) -> StackAction {
        guard model.numberOfRemainingCards > 0 else { throw StackError(.emptyStack, "swipe: no card remains") }
        let top = model.identity(atPosition: 0)
        guard let slot = options.directions.firstIndex(of: direction),
            model.allowedMask(of: top) & (1 << UInt64(slot)) != 0
        else { throw StackError(.directionNotAllowed, "swipe: the top card cannot be swiped in that direction") }
        if case .dragging(var drag) = state {
            drag.pending.append(.swipe(direction, animated: animated))
            state = .dragging(drag)
            return .none
        }
        return performSwipe(identity: top, slot: slot, animated: animated, time: time, release: nil)
    }

    /// Brings back the last swiped card on top (Shuffle's and MGSwipeCards' `undoLastSwipe`): a shift is not a
    /// swipe, so shifts made after that swipe stay in place (revert them with ``undoLastShift(animated:time:)`` or
    /// ``undo(animated:time:)``).
    ///
    /// The card flies back from the side it left by, tilted the way a drag to that side tilts it. Undo has
    /// unlimited depth; a deleted swiped card is no longer in the history. ``redo(animated:time:)`` swipes it again.
    ///
    /// - Parameters:
    ///   - animated: Whether the card flies back (ask for animation frames) or appears at once.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate`` or ``StackAction/render``; ``StackAction/none`` when queued.
    /// - Throws: ``StackError/Code/nothingToUndo`` when no swipe is left to undo.
    /// - Complexity: Amortized O(log n), plus O(s) for s shifts made after the swipe.
    @discardableResult
    public mutating func undoLastSwipe(animated: Bool, time: Double) throws(StackError) -> StackAction {
        guard model.canUndoSwipe else { throw StackError(.nothingToUndo, "undoLastSwipe: no swipe to undo") }
        return requestUndo(.swipe, animated: animated, time: time)
    }

    /// Reverts the last shift, even if swipes came after it: the card that was on top before the shift comes back
    /// to the top.
    ///
    /// - Parameters:
    ///   - animated: Whether the background cards glide to their places.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate`` or ``StackAction/render``; ``StackAction/none`` when queued.
    /// - Throws: ``StackError/Code/nothingToUndo`` when no shift is left to undo.
    /// - Complexity: O(log n + h) for h history entries after the shift.
    @discardableResult
    public mutating func undoLastShift(animated: Bool, time: Double) throws(StackError) -> StackAction {
        guard model.canUndoShift else { throw StackError(.nothingToUndo, "undoLastShift: no shift to undo") }
        return requestUndo(.shift, animated: animated, time: time)
    }

    /// Reverts the last swipe or shift, whichever came last: the general undo of an Undo button or a Z key.
    ///
    /// - Parameters:
    ///   - animated: Whether the card flies back or the cards glide (ask for animation frames).
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate`` or ``StackAction/render``; ``StackAction/none`` when queued.
    /// - Throws: ``StackError/Code/nothingToUndo`` when the history is empty.
    /// - Complexity: Amortized O(log n).
    @discardableResult
    public mutating func undo(animated: Bool, time: Double) throws(StackError) -> StackAction {
        guard model.canUndo else { throw StackError(.nothingToUndo, "undo: the history is empty") }
        return requestUndo(.any, animated: animated, time: time)
    }

    /// Performs the last undone swipe or shift again: the card flies out the way it left before, or the stack
    /// shifts again. Any new swipe or shift forgets what could be redone.
    ///
    /// Undone actions that no longer apply (the card was deleted or moved out of the stack) are skipped. A redo
    /// sends the same events as the action it repeats.
    ///
    /// - Parameters:
    ///   - animated: Whether the card flies out or the cards glide (ask for animation frames).
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate`` or ``StackAction/render``; ``StackAction/none`` when queued.
    /// - Throws: ``StackError/Code/nothingToRedo`` when nothing undone can be performed again.
    /// - Complexity: O(log n), plus O(r) to skip undone actions that no longer apply.
    @discardableResult
    public mutating func redo(animated: Bool, time: Double) throws(StackError) -> StackAction {
        guard model.canRedo else { throw StackError(.nothingToRedo, "redo: nothing undone to perform again") }
        if case .dragging(var drag) = state {
            drag.pending.append(.redo(animated: animated))
            state = .dragging(drag)
            return .none
        }
        return performRedo(animated: animated, time: time)
    }

    /// Rotates the remaining stack so that the card at position `distance` comes to the top (swiped cards are
    /// skipped over, as in MGSwipeCards); undo reverts it.
    ///
    /// Distances are taken modulo the number of remaining cards and may be negative. A shift that changes
    /// nothing (fewer than two cards, or a multiple of the count) is not recorded.
    ///
    /// - Parameters:
    ///   - distance: How many cards move from the top to the bottom.
    ///   - animated: Whether the background cards glide to their new places.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate``, ``StackAction/render`` or ``StackAction/none``.
    /// - Throws: ``StackError/Code/emptyStack``.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func shift(
        withDistance distance: Int = 1, animated: Bool, time: Double
    ) throws(StackError)
        -> StackAction
    {
        guard model.numberOfRemainingCards > 0 else { throw StackError(.emptyStack, "shift: no card remains") }
        if case .dragging(var drag) = state {
            drag.pending.append(.shift(distance: distance, animated: animated))
            state = .dragging(drag)
            return .none
        }
        return performShift(distance: distance, animated: animated, time: time)
    }

    // MARK: Performing

    /// How a user's release starts a departure.
    struct Release {
        var offset: Point
        var rotation: Double
        var velocity: Point
    }

    mutating func performSwipe(
        identity: Int, slot: Int, animated: Bool, time: Double, release: Release?, isRedo: Bool = false
    )
        -> StackAction
    {
        let direction = options.directions[slot]
        let index = model.index(of: identity)!
        let start = release.map { ($0.offset, $0.rotation) } ?? visualOffset(of: identity, at: time)
        if stateIdentity == identity { state = .idle }
        model.swipe(identity: identity, direction: direction, isRedo: isRedo)
        var action = StackAction.render
        if animated {
            let speed = max(release.map { $0.velocity.projected(on: direction) } ?? 0, 0)
            let along = start.0.projected(on: direction)
            let travel = max(options.exitDistance - along, 1)
            let duration = options.animation.swipeOutDuration(distance: travel, speed: speed)
            let sideways = start.0 - Point(x: direction.dx, y: direction.dy) * along
            // A release keeps the tilt of the drag; a programmatic swipe tilts the way a drag toward it would.
            let sign = release.map { $0.rotation >= 0 ? 1.0 : -1.0 } ?? 1.0
            departures.append(
                Departure(
                    identity: identity, generation: model.generation(of: identity), slot: slot, start: time,
                    duration: duration, from: start.0,
                    to: sideways + Point(x: direction.dx, y: direction.dy) * options.exitDistance,
                    fromRotation: start.1,
                    toRotation: release == nil
                        ? direction.dx * options.animation.maximumRotationAngle
                        : sign * abs(direction.dx) * options.animation.maximumRotationAngle,
                    startSlope: min(speed * duration / travel, 3)))
            startTransition(by: 1, at: time)
            action = .animate
        }
        emit(.didSwipeCard(index: index, card: model.cardID(of: identity), direction: direction))
        if model.numberOfRemainingCards == 0 { emit(.didSwipeAllCards) }
        return action
    }

    mutating func requestUndo(_ kind: StackModel.UndoKind, animated: Bool, time: Double) -> StackAction {
        if case .dragging(var drag) = state {
            drag.pending.append(.undo(kind, animated: animated))
            state = .dragging(drag)
            return .none
        }
        return performUndo(kind, animated: animated, time: time)
    }

    mutating func performUndo(_ kind: StackModel.UndoKind, animated: Bool, time: Double) -> StackAction {
        guard let undone = model.undo(kind) else { return .none }
        switch undone {
        case .swipe(let identity, let direction):
            let slot = options.directions.firstIndex(of: direction) ?? -1
            var from = Point(x: direction.dx, y: direction.dy) * options.exitDistance
            // From the side it left by, tilted as a drag toward that side tilts a card.
            var rotation = direction.dx * options.animation.maximumRotationAngle
            if let running = departures.firstIndex(where: { $0.identity == identity }) {
                let transform = departures[running].transform(at: time)
                from = Point(x: transform.translationX, y: transform.translationY)
                rotation = transform.rotation
                departures.remove(at: running)
            }
            emit(
                .didUndoCard(index: model.index(of: identity)!, card: model.cardID(of: identity), direction: direction))
            guard animated else {
                if case .dragging = state {} else { state = .idle }
                return .render
            }
            state = .returning(
                Return(
                    identity: identity, generation: model.generation(of: identity), slot: slot, start: time,
                    duration: options.animation.undoDuration, from: from, fromRotation: rotation))
            startTransition(by: -1, at: time)
            return .animate
        case .shift(let distance):
            emit(.didUndoShift(distance: distance))
            guard animated else { return .render }
            startTransition(by: 1, at: time)
            return .animate
        }
    }

    mutating func performRedo(animated: Bool, time: Double) -> StackAction {
        if case .dragging = state {} else { state = .idle }
        guard let redone = model.popRedo() else { return .none }
        switch redone {
        case .swipe(let identity, let direction):
            let slot = options.directions.firstIndex(of: direction) ?? 0
            return performSwipe(
                identity: identity, slot: slot, animated: animated, time: time, release: nil, isRedo: true)
        case .shift(let distance):
            return performShift(distance: distance, animated: animated, time: time, isRedo: true)
        }
    }

    mutating func performShift(distance: Int, animated: Bool, time: Double, isRedo: Bool = false) -> StackAction {
        let rotation = model.effectiveShift(distance)
        guard rotation != 0 else { return .none }
        if case .dragging = state {} else { state = .idle }
        model.shift(by: distance, isRedo: isRedo)
        emit(.didShift(distance: distance))
        guard animated else { return .render }
        startTransition(by: Double(min(rotation, options.numberOfVisibleCards)), at: time)
        return .animate
    }

    /// Runs the actions queued during a drag, in order, skipping those that no longer apply.
    mutating func runPending(_ pending: [PendingAction], time: Double) -> StackAction {
        var result = StackAction.none
        for action in pending {
            var step = StackAction.none
            switch action {
            case .swipe(let direction, let animated):
                step = (try? swipe(direction: direction, animated: animated, time: time)) ?? .none
            case .undo(let kind, let animated):
                step = performUndo(kind, animated: animated, time: time)
            case .redo(let animated):
                step = performRedo(animated: animated, time: time)
            case .shift(let distance, let animated):
                step = (try? shift(withDistance: distance, animated: animated, time: time)) ?? .none
            }
            result = Self.stronger(result, step)
        }
        return result
    }

    static func stronger(_ first: StackAction, _ second: StackAction) -> StackAction {
        if first == .animate || second == .animate { return .animate }
        if first == .render || second == .render { return .render }
        return .none
    }

    mutating func startTransition(by positions: Double, at time: Double) {
        let remaining = transition.offset(at: time)
        transition = StackTransition(
            start: time, duration: options.animation.stackTransitionDuration, offset: remaining + positions)
    }
}
