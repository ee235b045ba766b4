/// Data-source updates with Shuffle's semantics (seed 000), checked before anything changes.
///
/// Indices are data-source indices; positions are places in the remaining stack. In batch deletes, every
/// index or position refers to the state before the update, as with `UITableView`. Inserting renumbers every
/// index at or after the new one, in the remaining stack and in the swipe history alike; deleting renumbers the
/// later ones down and removes a deleted swiped card from the undo history. Updates made while the user drags
/// leave the drag running.
extension SwipeStack {
    /// Replaces every card with `count` fresh ones, all remaining in index order, and clears the history and any
    /// gesture or animation.
    ///
    /// - Parameter count: The data source's new card count.
    /// - Returns: ``StackAction/render``.
    /// - Throws: ``StackError/Code/invalidArgument`` if `count` is negative.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func reloadData(count: Int) throws(StackError) -> StackAction {
        guard count >= 0 else { throw StackError(.invalidArgument, "reloadData: count must not be negative") }
        model.reload(count: count)
        state = .idle
        departures = []
        transition = StackTransition(start: 0, duration: 0, offset: 0)
        return .render
    }

    /// Inserts a new card that the data source has at `index`, placing it at `position` in the remaining stack.
    ///
    /// Every card whose index is `index` or more, remaining or swiped, has its index increased by one.
    ///
    /// - Parameters:
    ///   - index: The new card's data-source index, in `0...numberOfCards`.
    ///   - position: Its position in the remaining stack, in `0...numberOfRemainingCards`.
    ///   - dataSourceCount: The data source's count after the update, checked when given.
    /// - Returns: ``StackAction/render``.
    /// - Throws: ``StackError/Code/indexOutOfRange``, ``StackError/Code/positionOutOfRange`` or
    ///   ``StackError/Code/countMismatch``; the state is unchanged.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func insertCard(
        atIndex index: Int, position: Int, dataSourceCount: Int? = nil
    ) throws(StackError) -> StackAction {
        guard index >= 0 && index <= model.numberOfCards else {
            throw StackError(.indexOutOfRange, "insertCard: index is outside 0...numberOfCards")
        }
        guard position >= 0 && position <= model.numberOfRemainingCards else {
            throw StackError(.positionOutOfRange, "insertCard: position is outside 0...numberOfRemainingCards")
        }
        try checkCount(dataSourceCount, expected: model.numberOfCards + 1, "insertCard")
        model.insert(index: index, position: position)
        return .render
    }

    /// Adds new cards at the bottom of the stack, in the order given (Shuffle's `appendCards(atIndices:)`).
    ///
    /// The indices are the new cards' indices in the updated data source, so usually
    /// `numberOfCards..<numberOfCards + k`; smaller ones renumber the existing cards as inserts do.
    ///
    /// - Parameters:
    ///   - indices: Distinct indices in `0..<numberOfCards + indices.count`.
    ///   - dataSourceCount: The data source's count after the update, checked when given.
    /// - Returns: ``StackAction/render``.
    /// - Throws: ``StackError/Code/indexOutOfRange``, ``StackError/Code/duplicateIndex`` or
    ///   ``StackError/Code/countMismatch``; the state is unchanged.
    /// - Complexity: O(k log n) for k indices.
    @discardableResult
    public mutating func appendCards(
        atIndices indices: [Int], dataSourceCount: Int? = nil
    ) throws(StackError) -> StackAction {
        let newCount = model.numberOfCards + indices.count
        for index in indices where index < 0 || index >= newCount {
            throw StackError(.indexOutOfRange, "appendCards: an index is outside the updated data source")
        }
        let ascending = indices.enumerated().map { ($0.element, $0.offset) }.sorted { $0.0 < $1.0 }
        try checkDistinct(ascending.map { $0.0 }, "appendCards")
        try checkCount(dataSourceCount, expected: newCount, "appendCards")
        var identities = Array(repeating: 0, count: indices.count)
        for (index, offset) in ascending {
            identities[offset] = model.insertIntoOrder(index: index)
        }
        for identity in identities {
            model.place(identity, at: model.numberOfRemainingCards)
        }
        return .render
    }

    /// Deletes the cards that had the given data-source indices, whether remaining or swiped.
    ///
    /// - Parameters:
    ///   - indices: Distinct indices in `0..<numberOfCards`, referring to the state before the update.
    ///   - dataSourceCount: The data source's count after the update, checked when given.
    /// - Returns: ``StackAction/render``.
    /// - Throws: ``StackError/Code/indexOutOfRange``, ``StackError/Code/duplicateIndex`` or
    ///   ``StackError/Code/countMismatch``; the state is unchanged.
    /// - Complexity: O(k log n) for k indices.
    @discardableResult
    public mutating func deleteCards(
        atIndices indices: [Int], dataSourceCount: Int? = nil
    ) throws(StackError) -> StackAction {
        for index in indices where index < 0 || index >= model.numberOfCards {
            throw StackError(.indexOutOfRange, "deleteCards: an index is outside 0..<numberOfCards")
        }
        try checkDistinct(indices.sorted(), "deleteCards")
        try checkCount(dataSourceCount, expected: model.numberOfCards - indices.count, "deleteCards")
        let identities = indices.map { model.identity(atIndex: $0) }
        deleteIdentities(identities)
        return .render
    }

    /// Deletes the cards at the given positions of the remaining stack (and from the data source).
    ///
    /// - Parameters:
    ///   - positions: Distinct positions in `0..<numberOfRemainingCards`, referring to the state before.
    ///   - dataSourceCount: The data source's count after the update, checked when given.
    /// - Returns: ``StackAction/render``.
    /// - Throws: ``StackError/Code/positionOutOfRange``, ``StackError/Code/duplicateIndex`` or
    ///   ``StackError/Code/countMismatch``; the state is unchanged.
    /// - Complexity: O(k log n) for k positions.
    @discardableResult
    public mutating func deleteCards(
        atPositions positions: [Int], dataSourceCount: Int? = nil
    ) throws(StackError) -> StackAction {
        for position in positions where position < 0 || position >= model.numberOfRemainingCards {
            throw StackError(.positionOutOfRange, "deleteCards: a position is outside the remaining stack")
        }
        try checkDistinct(positions.sorted(), "deleteCards")
        try checkCount(dataSourceCount, expected: model.numberOfCards - positions.count, "deleteCards")
        let identities = positions.map { model.identity(atPosition: $0) }
        deleteIdentities(identities)
        return .render
    }

    /// Moves the card at one stack position so that it ends up at another; indices do not change.
    ///
    /// - Parameters:
    ///   - from: The card's current position, in `0..<numberOfRemainingCards`.
    ///   - to: Its position after the move, in `0..<numberOfRemainingCards`.
    /// - Returns: ``StackAction/render``.
    /// - Throws: ``StackError/Code/positionOutOfRange``; the state is unchanged.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func moveCard(fromPosition from: Int, toPosition to: Int) throws(StackError) -> StackAction {
        let count = model.numberOfRemainingCards
        guard from >= 0 && from < count && to >= 0 && to < count else {
            throw StackError(.positionOutOfRange, "moveCard: a position is outside the remaining stack")
        }
        model.move(from: from, to: to)
        return .render
    }

    /// Sets the directions a card may be swiped in (MGSwipeCard's `swipeDirections`); the setting follows the
    /// card through renumbering.
    ///
    /// - Parameters:
    ///   - directions: Directions from ``SwipeStackOptions/directions``.
    ///   - index: The card's data-source index.
    /// - Throws: ``StackError/Code/indexOutOfRange`` or ``StackError/Code/directionNotAllowed`` for a direction
    ///   that is not one of the stack's; the state is unchanged.
    /// - Complexity: O(log n + d) for d directions.
    public mutating func setAllowedDirections(
        _ directions: [SwipeDirection], forCardAtIndex index: Int
    ) throws(StackError) {
        guard index >= 0 && index < model.numberOfCards else {
            throw StackError(.indexOutOfRange, "setAllowedDirections: index is outside 0..<numberOfCards")
        }
        var mask: UInt64 = 0
        for direction in directions {
            guard let slot = options.directions.firstIndex(of: direction) else {
                throw StackError(.directionNotAllowed, "setAllowedDirections: not one of the stack's directions")
            }
            mask |= 1 << UInt64(slot)
        }
        model.setAllowedMask(mask, of: model.identity(atIndex: index))
    }

    /// The directions a card may be swiped in, in the order of ``SwipeStackOptions/directions``.
    ///
    /// - Parameter index: The card's data-source index.
    /// - Returns: The allowed directions.
    /// - Throws: ``StackError/Code/indexOutOfRange``.
    public func allowedDirections(forCardAtIndex index: Int) throws(StackError) -> [SwipeDirection] {
        guard index >= 0 && index < model.numberOfCards else {
            throw StackError(.indexOutOfRange, "allowedDirections: index is outside 0..<numberOfCards")
        }
        let mask = model.allowedMask(of: model.identity(atIndex: index))
        return options.directions.enumerated().filter { mask & (1 << UInt64($0.offset)) != 0 }.map { $0.element }
    }

    // MARK: Helpers

    private mutating func deleteIdentities(_ identities: [Int]) {
        for identity in identities { model.delete(identity: identity) }
        let model = self.model
        departures.removeAll { !$0.isLive(in: model) }
        switch state {
        case .resetting(let reset) where !model.isLive(reset.identity, generation: reset.generation):
            state = .idle
        case .returning(let back) where !model.isLive(back.identity, generation: back.generation):
            state = .idle
        default:
            break
        }
    }

    private func checkDistinct(_ sorted: [Int], _ call: String) throws(StackError) {
        for offset in sorted.indices.dropFirst() where sorted[offset] == sorted[offset - 1] {
            throw StackError(.duplicateIndex, call + ": the same index or position appears twice")
        }
    }

    private func checkCount(_ given: Int?, expected: Int, _ call: String) throws(StackError) {
        if let given, given != expected {
            throw StackError(.countMismatch, call + ": the data source's count does not add up with the update")
        }
    }
}

extension Departure {
    func isLive(in model: StackModel) -> Bool { model.isLive(identity, generation: generation) }
}
