/// What to draw at a given time, and the animation clock the host drives.
extension SwipeStack {
    /// Everything to draw at `time`: a placement for each visible card, back to front.
    ///
    /// The remaining cards up to ``SwipeStackOptions/numberOfVisibleCards`` rest where the background layout
    /// puts them, gliding toward their next position as a drag grows and after swipes, undos and shifts (the next
    /// hidden card fades in behind them meanwhile). The dragged, springing or returning card is drawn in front of
    /// them with its offset, rotation and overlays, and cards flying out are drawn in front of everything.
    /// Sampling never changes the state, so any time may be sampled in any order.
    ///
    /// - Parameter time: The time in seconds to sample.
    /// - Returns: The placements and whether an animation still runs.
    /// - Complexity: O(v log n) for v visible cards, plus the cards flying out.
    public func frame(at time: Double) -> StackFrame {
        var placements: [CardPlacement] = []
        placements.reserveCapacity(options.numberOfVisibleCards + 2 + departures.count)
        forEachPlacement(at: time) { placements.append($0) }
        return StackFrame(placements: placements, isAnimating: isAnimating(at: time))
    }

    /// Calls `body` with each visible card's placement at `time`, back to front, without allocating: the same
    /// placements as ``frame(at:)``, for renderers (and C exports) that draw as they go.
    ///
    /// - Parameters:
    ///   - time: The time in seconds to sample.
    ///   - body: Receives each placement in increasing ``CardPlacement/zIndex``.
    /// - Complexity: O(v log n) for v visible cards, plus the cards flying out.
    public func forEachPlacement(at time: Double, _ body: (CardPlacement) -> Void) {
        let remainingCount = model.numberOfRemainingCards
        let visible = options.numberOfVisibleCards
        let lastVisible = visible - 1
        let glide = transition.offset(at: time)
        let interacting = stateIdentity.flatMap { identity in
            model.position(of: identity).map { (identity, $0) }
        }
        var progress = 0.0
        if case .dragging(let drag) = state, interacting != nil {
            let offset = drag.offset(axis: options.recognitionAxis)
            let mask = model.allowedMask(of: drag.identity) & options.axisMask
            let slot = SwipeRecognizer.activeSlot(offset, directions: options.directions, mask: mask)
            progress = SwipeRecognizer.progress(offset, slot: slot, options: options)
        }
        let showsNext = glide > 1e-9 || progress > 0
        let deepest = min(remainingCount, showsNext ? visible + 1 : visible) - 1
        var zIndex = 0
        if deepest >= 0 {
            for position in stride(from: deepest, through: 0, by: -1) {
                let identity = model.identity(atPosition: position)
                if let interacting, interacting.0 == identity { continue }
                let behindDragged = interacting.map { position > $0.1 } ?? false
                let place = Double(position) + glide - (behindDragged ? progress : 0)
                let transform = options.backgroundLayout.transform(
                    atContinuousPosition: place, lastVisible: lastVisible)
                body(
                    CardPlacement(
                        index: model.index(of: identity)!, card: model.cardID(of: identity), position: position,
                        zIndex: zIndex, transform: transform,
                        overlay: .none))
                zIndex += 1
            }
        }
        if let (identity, position) = interacting {
            body(interactingPlacement(identity, position: position, glide: glide, zIndex: zIndex, time: time))
            zIndex += 1
        }
        for departure in departures where !departure.isFinished(at: time) && departure.isLive(in: model) {
            body(
                CardPlacement(
                    index: model.index(of: departure.identity)!, card: model.cardID(of: departure.identity),
                    position: -1, zIndex: zIndex,
                    transform: departure.transform(at: time),
                    overlay: OverlayBlend(primary: departure.slot, primaryOpacity: 1)))
            zIndex += 1
        }
    }

    /// Whether anything still moves at `time`: keep requesting animation frames while it does.
    ///
    /// - Parameter time: The time in seconds.
    /// - Returns: `true` while a swipe-out, reset, undo or background glide runs.
    public func isAnimating(at time: Double) -> Bool {
        if transition.isRunning(at: time) { return true }
        for departure in departures where !departure.isFinished(at: time) { return true }
        switch state {
        case .resetting(let reset): return !reset.isSettled(at: time)
        case .returning(let back): return !back.isFinished(at: time)
        case .idle, .dragging: return false
        }
    }

    /// An animation frame is due: finished animations are retired.
    ///
    /// Call it on every animation frame before ``frame(at:)``, for as long as it returns ``StackAction/animate``.
    ///
    /// - Parameter time: The current time in seconds.
    /// - Returns: ``StackAction/animate`` while something moves, ``StackAction/render`` when the last animation
    ///   just finished (draw the final frame), ``StackAction/none`` otherwise.
    public mutating func animationTick(at time: Double) -> StackAction {
        var changed = false
        let before = departures.count
        departures.removeAll { $0.isFinished(at: time) }
        changed = before != departures.count
        if transition.offset != 0 && !transition.isRunning(at: time) {
            transition = StackTransition(start: 0, duration: 0, offset: 0)
            changed = true
        }
        switch state {
        case .resetting(let reset) where reset.isSettled(at: time):
            state = .idle
            changed = true
        case .returning(let back) where back.isFinished(at: time):
            state = .idle
            changed = true
        default:
            break
        }
        if isAnimating(at: time) { return .animate }
        return changed ? .render : .none
    }

    private func interactingPlacement(
        _ identity: Int, position: Int, glide: Double, zIndex: Int, time: Double
    ) -> CardPlacement {
        let base = options.backgroundLayout.transform(
            atContinuousPosition: Double(position) + glide, lastVisible: options.numberOfVisibleCards - 1)
        let (offset, rotation) = visualOffset(of: identity, at: time)
        var transform = base
        transform.translationX += offset.x
        transform.translationY += offset.y
        transform.rotation += rotation
        transform.opacity = max(transform.opacity, position == 0 ? 1 : transform.opacity)
        var overlay = OverlayBlend.none
        let mask = model.allowedMask(of: identity) & options.axisMask
        switch state {
        case .dragging, .resetting:
            overlay = SwipeRecognizer.overlay(offset, options: options, mask: mask)
        case .returning(let back) where back.slot >= 0:
            overlay = OverlayBlend(primary: back.slot, primaryOpacity: 1 - back.progress(at: time))
        default:
            break
        }
        return CardPlacement(
            index: model.index(of: identity)!, card: model.cardID(of: identity), position: position, zIndex: zIndex,
            transform: transform,
            overlay: overlay)
    }
}
