/// Data-source updates (Shuffle's advanced usage, seed 000), checked against the data source's count.
///
/// The data source changes first, then the host tells the stack what changed, exactly as with `UITableView`.
/// Each call compares ``SwipeCardStackDataSource/numberOfCards()`` with the count the update implies and throws
/// ``StackError/Code/countMismatch`` (changing nothing) when they differ. Views follow their cards by identity:
/// an insert or delete of other cards never rebuilds a view.
extension SwipeCardStack {
    /// Forgets every card and reads the data source again (Shuffle's `reloadData()`): every card gets a new
    /// identity, every view is released for reuse, the history is cleared.
    ///
    /// A negative count from the data source is read as 0.
    public func reloadData() {
        let count = max(dataSource.numberOfCards(), 0)
        _ = try? update { (engine: inout SwipeStack) throws(StackError) in try engine.reloadData(count: count) }
        releaseAllViews()
    }

    /// Inserts a card the data source now has at `index`, at stack `position` (Shuffle's
    /// `insertCard(atIndex:position:)`).
    ///
    /// - Parameters:
    ///   - index: The new card's data-source index, in `0...numberOfCards`.
    ///   - position: Its position in the remaining stack, in `0...numberOfRemainingCards`.
    /// - Returns: The new card's identity.
    /// - Throws: ``StackError/Code/indexOutOfRange``, ``StackError/Code/positionOutOfRange`` or
    ///   ``StackError/Code/countMismatch``; nothing changes.
    @discardableResult
    public func insertCard(atIndex index: Int, position: Int) throws(StackError) -> CardID {
        let count = dataSource.numberOfCards()
        var inserted = CardID(rawValue: 0)
        try update { (engine: inout SwipeStack) throws(StackError) in
            let action = try engine.insertCard(atIndex: index, position: position, dataSourceCount: count)
            // The insert succeeded, so the index holds the new card.
            if let card = engine.card(atIndex: index) { inserted = card }
            return action
        }
        return inserted
    }

    /// Appends the cards the data source added at its end to the bottom of the stack (Shuffle's
    /// `appendCards(atIndices:)` for the infinite stack: the new indices are the last `count`).
    ///
    /// - Parameter count: How many cards the data source appended.
    /// - Throws: ``StackError/Code/invalidArgument`` for a negative count, ``StackError/Code/countMismatch``;
    ///   nothing changes.
    public func appendCards(count: Int) throws(StackError) {
        guard count >= 0 else { throw StackError(.invalidArgument, "appendCards: count must not be negative") }
        let first = engine.numberOfCards
        let total = dataSource.numberOfCards()
        var indices: [Int] = []
        indices.reserveCapacity(count)
        for offset in 0..<count { indices.append(first + offset) }
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.appendCards(atIndices: indices, dataSourceCount: total)
        }
    }

    /// Deletes the cards that had the given data-source indices, remaining or swiped (Shuffle's
    /// `deleteCards(atIndices:)`); their views are released at the next frame.
    ///
    /// - Parameter indices: Distinct indices before the update.
    /// - Throws: ``StackError/Code/indexOutOfRange``, ``StackError/Code/duplicateIndex`` or
    ///   ``StackError/Code/countMismatch``; nothing changes.
    public func deleteCards(atIndices indices: [Int]) throws(StackError) {
        let count = dataSource.numberOfCards()
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.deleteCards(atIndices: indices, dataSourceCount: count)
        }
    }

    /// Deletes the cards at the given stack positions (Shuffle's `deleteCards(atPositions:)`).
    ///
    /// - Parameter positions: Distinct positions before the update.
    /// - Throws: ``StackError/Code/positionOutOfRange``, ``StackError/Code/duplicateIndex`` or
    ///   ``StackError/Code/countMismatch``; nothing changes.
    public func deleteCards(atPositions positions: [Int]) throws(StackError) {
        let count = dataSource.numberOfCards()
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.deleteCards(atPositions: positions, dataSourceCount: count)
        }
    }

    /// Moves a card from one stack position to another (Shuffle's `moveCard(fromPosition:toPosition:)`).
    ///
    /// - Parameters:
    ///   - from: The card's position, in the remaining stack.
    ///   - to: Its position after the move.
    /// - Throws: ``StackError/Code/positionOutOfRange``; nothing changes.
    public func moveCard(fromPosition from: Int, toPosition to: Int) throws(StackError) {
        try update { (engine: inout SwipeStack) throws(StackError) in
            try engine.moveCard(fromPosition: from, toPosition: to)
        }
    }

    /// The data source's content of some cards changed: visible ones are asked for their view again, reusing the
    /// view they have. Identities, positions and history stay.
    ///
    /// - Parameter indices: Data-source indices of changed cards.
    /// - Throws: ``StackError/Code/indexOutOfRange`` for an index outside the cards; nothing changes.
    public func reloadCards(atIndices indices: [Int]) throws(StackError) {
        for index in indices where engine.card(atIndex: index) == nil {
            throw StackError(.indexOutOfRange, "reloadCards: an index is outside 0..<numberOfCards")
        }
        for index in indices {
            guard let card = engine.card(atIndex: index),
                let slot = shown.firstIndex(where: { $0.card == card })
            else { continue }
            let old = shown[slot].view
            let fresh = dataSource.cardView(forIndex: index, card: card, reusing: old)
            // The data source may have changed the stack meanwhile; only swap a view that is still shown.
            guard let current = shown.firstIndex(where: { $0.card == card }) else { continue }
            shown[current].view = fresh
            if old != fresh {
                renderer.removeView(old, card: card)
                recycle(old)
                renderer.insertView(fresh, card: card, zIndex: shown[current].zIndex)
            }
        }
        needsFrame = true
    }

    /// Sets the directions a card may be swiped in (MGSwipeCard's `swipeDirections`).
    ///
    /// - Parameters:
    ///   - directions: Directions from the stack's options.
    ///   - index: The card's data-source index.
    /// - Throws: ``StackError/Code/indexOutOfRange`` or ``StackError/Code/directionNotAllowed``.
    public func setAllowedDirections(_ directions: [SwipeDirection], forCardAtIndex index: Int) throws(StackError) {
        try stackEngine.setAllowedDirections(directions, forCardAtIndex: index)
    }
}
