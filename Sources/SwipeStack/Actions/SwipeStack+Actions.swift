/// Programmatic swipes, undo and shift (MGSwipeCards' "useful methods"), all undoable and none ever dropped.
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

    /// Brings back the last swiped card on top, or reverts the last shift, whichever came last.
    ///
    /// Undo has unlimited depth; a deleted swiped card is no longer in the history.
    ///
    /// - Parameters:
    ///   - animated: Whether the card flies back (ask for animation frames) or appears at once.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate`` or ``StackAction/render``; ``StackAction/none`` when queued.
    /// - Throws: ``StackError/Code/nothingToUndo``.
    /// - Complexity: Amortized O(log n).
    @discardableResult
    public mutating func undoLastSwipe(animated: Bool, time: Double) throws(StackError) -> StackAction {
        guard model.canUndo else { throw StackError(.nothingToUndo, "undoLastSwipe: the history is empty") }
        if case .dragging(var drag) = state {
            drag.pending.append(.undo(animated: animated))
            state = .dragging(drag)
            return .none
        }
        return performUndo(animated: animated, time: time)
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
        identity: Int, slot: Int, animated: Bool, time: Double, release: Release?
    )
        -> StackAction
    {
        let direction = options.directions[slot]
        let index = model.index(of: identity)!
        let start = release.map { ($0.offset, $0.rotation) } ?? visualOffset(of: identity, at: time)
        if stateIdentity == identity { state = .idle }
        model.swipe(identity: identity, direction: direction)
        var action = StackAction.render
        if animated {
            let speed = max(release.map { $0.velocity.projected(on: direction) } ?? 0, 0)
            let along = start.0.projected(on: direction)
            let travel = max(options.exitDistance - along, 1)
            let duration = options.animation.swipeOutDuration(distance: travel, speed: speed)
            let sideways = start.0 - Point(x: direction.dx, y: direction.dy) * along
            let sign = release == nil ? 1.0 : (start.1 >= 0 ? 1.0 : -1.0)
            departures.append(
                Departure(
                    identity: identity, generation: model.generation(of: identity), slot: slot, start: time,
                    duration: duration, from: start.0,
                    to: sideways + Point(x: direction.dx, y: direction.dy) * options.exitDistance,
                    fromRotation: start.1,
                    toRotation: sign * abs(direction.dx) * options.animation.maximumRotationAngle,
                    startSlope: min(speed * duration / travel, 3)))
            startTransition(by: 1, at: time)
            action = .animate
        }
        emit(.didSwipeCard(index: index, direction: direction))
        if model.numberOfRemainingCards == 0 { emit(.didSwipeAllCards) }
        return action
    }

    mutating func performUndo(animated: Bool, time: Double) -> StackAction {
        guard let undone = model.undo() else { return .none }
        switch undone {
        case .swipe(let identity, let direction):
            let slot = options.directions.firstIndex(of: direction) ?? -1
            var from = Point(x: direction.dx, y: direction.dy) * options.exitDistance
            var rotation = abs(direction.dx) * options.animation.maximumRotationAngle
            if let running = departures.firstIndex(where: { $0.identity == identity }) {
                let transform = departures[running].transform(at: time)
                from = Point(x: transform.translationX, y: transform.translationY)
                rotation = transform.rotation
                departures.remove(at: running)
            }
            emit(.didUndoCard(index: model.index(of: identity)!, direction: direction))
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

    mutating func performShift(distance: Int, animated: Bool, time: Double) -> StackAction {
        let rotation = model.effectiveShift(distance)
        guard rotation != 0 else { return .none }
        if case .dragging = state {} else { state = .idle }
        model.shift(by: distance)
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
            case .undo(let animated):
                step = (try? undoLastSwipe(animated: animated, time: time)) ?? .none
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
