/// Drag and tap events from the host's gesture recognizers, in the stack's coordinates (origin at the stack's
/// top-left corner, points, y downward) with the current time in seconds.
extension SwipeStack {
    /// The user put a finger on the stack and started dragging: the top card starts following it.
    ///
    /// Grabbing a card that is still springing back or returning from an undo continues from where it is.
    ///
    /// - Parameters:
    ///   - point: Where the finger is.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/render``, or ``StackAction/none`` if there is no card or a drag already runs.
    public mutating func dragBegan(at point: Point, time: Double) -> StackAction {
        if case .dragging = state { return .none }
        guard model.numberOfRemainingCards > 0 else { return .none }
        let identity = model.identity(atPosition: 0)
        let base = visualOffset(of: identity, at: time).0
        let grabSign = point.y < options.height / 2 + base.y ? 1.0 : -1.0
        state = .dragging(
            Drag(
                identity: identity, generation: model.generation(of: identity), startPoint: point,
                baseOffset: base, grabSign: grabSign, tracker: DragTracker(point: point, time: time)))
        return .render
    }

    /// The finger moved: the card follows it and a ``StackEvent/dragProgress(index:card:direction:progress:)`` is queued.
    ///
    /// - Parameters:
    ///   - point: Where the finger is.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/render``, or ``StackAction/none`` when no drag runs.
    public mutating func dragMoved(to point: Point, time: Double) -> StackAction {
        guard case .dragging(var drag) = state else { return .none }
        drag.tracker.add(point, time: time)
        state = .dragging(drag)
        guard model.isLive(drag.identity, generation: drag.generation) else { return .none }
        let offset = drag.offset(axis: options.recognitionAxis)
        let mask = model.allowedMask(of: drag.identity) & options.axisMask
        let slot = SwipeRecognizer.activeSlot(offset, directions: options.directions, mask: mask)
        emit(
            .dragProgress(
                index: model.index(of: drag.identity)!, card: model.cardID(of: drag.identity),
                direction: slot.map { options.directions[$0] },
                progress: SwipeRecognizer.progress(offset, slot: slot, options: options)))
        return .render
    }

    /// The finger lifted: the card is swiped if the drag reached the active direction's distance or speed
    /// threshold, and springs back otherwise. Actions queued during the drag run afterwards, in order.
    ///
    /// - Parameters:
    ///   - point: Where the finger lifted.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/animate``, or ``StackAction/none`` when no drag runs.
    public mutating func dragEnded(at point: Point, time: Double) -> StackAction {
        guard case .dragging(var drag) = state else { return .none }
        drag.tracker.add(point, time: time)
        state = .idle
        guard model.isLive(drag.identity, generation: drag.generation) else {
            return runPending(drag.pending, time: time)
        }
        let offset = drag.offset(axis: options.recognitionAxis)
        let velocity = SwipeRecognizer.constrained(
            drag.tracker.velocity(window: options.velocitySampleWindow), axis: options.recognitionAxis)
        let mask = model.allowedMask(of: drag.identity) & options.axisMask
        let rotation = dragRotation(offset, grabSign: drag.grabSign)
        var action: StackAction
        if let slot = SwipeRecognizer.committedSlot(
            translation: offset, velocity: velocity, options: options, mask: mask)
        {
            let release = Release(offset: offset, rotation: rotation, velocity: velocity)
            action = performSwipe(identity: drag.identity, slot: slot, animated: true, time: time, release: release)
        } else {
            action = startReset(drag, offset: offset, velocity: velocity, time: time)
        }
        return Self.stronger(action, runPending(drag.pending, time: time))
    }

    /// The system cancelled the gesture (an incoming call, a scroll view taking over): the card springs back and
    /// never commits. Actions queued during the drag run afterwards, in order.
    ///
    /// - Parameter time: The current time in seconds.
    /// - Returns: ``StackAction/animate``, or ``StackAction/none`` when no drag runs.
    public mutating func dragCancelled(time: Double) -> StackAction {
        guard case .dragging(let drag) = state else { return .none }
        state = .idle
        var action = StackAction.none
        if model.isLive(drag.identity, generation: drag.generation) {
            let velocity = SwipeRecognizer.constrained(
                drag.tracker.velocity(window: options.velocitySampleWindow), axis: options.recognitionAxis)
            action = startReset(
                drag, offset: drag.offset(axis: options.recognitionAxis), velocity: velocity, time: time)
        }
        return Self.stronger(action, runPending(drag.pending, time: time))
    }

    /// The user tapped the stack: a tap on the top card queues
    /// ``StackEvent/didSelectCard(index:card:corner:)`` with the quarter of the card it landed in.
    ///
    /// - Parameters:
    ///   - point: Where the tap landed.
    ///   - time: The current time in seconds.
    /// - Returns: ``StackAction/none``: nothing visible changes.
    public mutating func tapped(at point: Point, time: Double) -> StackAction {
        if case .dragging = state { return .none }
        guard model.numberOfRemainingCards > 0 else { return .none }
        let identity = model.identity(atPosition: 0)
        let offset = visualOffset(of: identity, at: time).0
        let x = point.x - offset.x
        let y = point.y - offset.y
        guard x >= 0 && x <= options.width && y >= 0 && y <= options.height else { return .none }
        let left = x < options.width / 2
        let top = y < options.height / 2
        let corner: TapCorner = top ? (left ? .topLeft : .topRight) : (left ? .bottomLeft : .bottomRight)
        emit(.didSelectCard(index: model.index(of: identity)!, card: model.cardID(of: identity), corner: corner))
        return .none
    }

    // MARK: Helpers

    private mutating func startReset(_ drag: Drag, offset: Point, velocity: Point, time: Double) -> StackAction {
        let animation = options.animation
        let spring = { (offset: Double, velocity: Double) in
            Spring(
                initialOffset: offset, initialVelocity: velocity, dampingRatio: animation.resetDampingRatio,
                frequency: animation.resetFrequency)
        }
        state = .resetting(
            Reset(
                identity: drag.identity, generation: drag.generation, start: time, grabSign: drag.grabSign,
                springX: spring(offset.x, velocity.x), springY: spring(offset.y, velocity.y)))
        emit(.didCancelSwipe(index: model.index(of: drag.identity)!, card: model.cardID(of: drag.identity)))
        return .animate
    }

    func dragRotation(_ offset: Point, grabSign: Double) -> Double {
        SwipeRecognizer.rotation(
            dx: offset.x, width: options.width, grabSign: grabSign, maximum: options.animation.maximumRotationAngle)
    }

    /// The identity the state animates or drags, if any.
    var stateIdentity: Int? {
        switch state {
        case .idle: nil
        case .dragging(let drag): drag.identity
        case .resetting(let reset): reset.identity
        case .returning(let back): back.identity
        }
    }

    /// Where a card is drawn relative to its resting place at `time`: its offset and rotation.
    func visualOffset(of identity: Int, at time: Double) -> (Point, Double) {
        switch state {
        case .dragging(let drag) where drag.identity == identity:
            let offset = drag.offset(axis: options.recognitionAxis)
            return (offset, dragRotation(offset, grabSign: drag.grabSign))
        case .resetting(let reset) where reset.identity == identity && !reset.isSettled(at: time):
            let offset = reset.offset(at: time)
            return (offset, dragRotation(offset, grabSign: reset.grabSign))
        case .returning(let back) where back.identity == identity && !back.isFinished(at: time):
            let transform = back.transform(at: time)
            return (Point(x: transform.translationX, y: transform.translationY), transform.rotation)
        default:
            return (.zero, 0)
        }
    }
}
