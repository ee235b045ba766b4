/// Frames: the engine's placements turned into view operations.
extension SwipeCardStack {
    /// Draws the stack at `time`: retires finished animations, releases the views of cards no longer visible,
    /// creates or reuses views for cards that became visible, reorders views whose drawing order changed, and
    /// applies every visible view's appearance.
    ///
    /// Call it on each animation frame while ``needsAnimationFrame`` is `true` (and whenever the host needs a
    /// redraw, such as after a resize). A data source or renderer that changes the stack while a frame is drawn
    /// gets a consistent result: the frame is drawn again (at most three times) for the new state.
    ///
    /// - Parameter time: The current time in seconds.
    /// - Returns: Whether another animation frame is needed (the same as ``needsAnimationFrame`` afterwards).
    /// - Complexity: O(v log n + v²) for v visible cards.
    @discardableResult @inlinable
    public func renderFrame(at time: Double) -> Bool {
        let tick = stackEngine.animationTick(at: time)
        deliverEvents()
        var passes = 0
        repeat {
            let startRevision = revision
            drawPass(at: time)
            passes += 1
            if revision == startRevision { break }
        } while passes < 3
        // The tick answers .animate exactly while something still moves at `time`.
        needsFrame = tick == .animate
        return needsFrame
    }

    /// Releases every view (after a reload or before the host tears the stack down).
    public func releaseAllViews() {
        let released = shown
        shown.removeAll(keepingCapacity: true)
        for entry in released {
            renderer.removeView(entry.view, card: entry.card)
            recycle(entry.view)
        }
        needsFrame = true
    }

    // MARK: Internals

    @inlinable
    func drawPass(at time: Double) {
        frameBuffer.removeAll(keepingCapacity: true)
        stackEngine.forEachPlacement(at: time) { frameBuffer.append($0) }
        for offset in shown.indices { shown[offset].isInFrame = false }
        for placement in frameBuffer {
            if let slot = shownSlot(of: placement.card) { shown[slot].isInFrame = true }
        }
        releaseViewsNotInFrame()
        let placements = frameBuffer
        for placement in placements {
            // A callback below may have deleted the card; never give a view to a card that is gone.
            guard stackEngine.contains(placement.card) else { continue }
            let appearance = CardAppearance(placement)
            if let slot = shownSlot(of: placement.card) {
                if shown[slot].zIndex != placement.zIndex {
                    shown[slot].zIndex = placement.zIndex
                    renderer.reorderView(shown[slot].view, zIndex: placement.zIndex)
                }
                renderer.apply(appearance, to: shown[slot].view)
            } else if let view = makeView(for: placement) {
                shown.append(ShownView(card: placement.card, view: view, zIndex: placement.zIndex, isInFrame: true))
                renderer.insertView(view, card: placement.card, zIndex: placement.zIndex)
                renderer.apply(appearance, to: view)
            }
        }
    }

    @inlinable
    func shownSlot(of card: CardID) -> Int? {
        var slot = 0
        while slot < shown.count {
            if shown[slot].card == card { return slot }
            slot += 1
        }
        return nil
    }

    @inlinable
    func releaseViewsNotInFrame() {
        var slot = 0
        while slot < shown.count {
            if shown[slot].isInFrame {
                slot += 1
                continue
            }
            let entry = shown.remove(at: slot)
            renderer.removeView(entry.view, card: entry.card)
            recycle(entry.view)
        }
    }

    /// Asks the data source for a card's view, handing it a released view when one is free. Returns `nil` when the
    /// data source no longer has the card's index (its count went down without an update), so nothing is drawn
    /// for it rather than asking for an index that does not exist.
    @inlinable
    func makeView(for placement: CardPlacement) -> CardView? {
        guard placement.index < dataSource.numberOfCards() else { return nil }
        let reused = reusable.popLast()
        let view = dataSource.cardView(forIndex: placement.index, card: placement.card, reusing: reused)
        if let reused, reused != view { recycle(reused) }
        // The data source may have called back and drawn this card already; keep one view per card.
        if let slot = shownSlot(of: placement.card) {
            if shown[slot].view != view { recycle(view) }
            return nil
        }
        return view
    }

    /// Keeps a released view for reuse, or lets the host free it when the pool is full.
    @inlinable
    func recycle(_ view: CardView) {
        if reusable.count < reusePoolCapacity && !reusable.contains(view) {
            reusable.append(view)
        } else if !reusable.contains(view) {
            renderer.discardView(view)
        }
    }
}
