/// Stable card identities and the three ways to address a card: identity, data-source index, stack position.
///
/// Every placement and event carries the card's ``CardID`` next to its index, so a renderer keys its views by
/// identity and never re-keys them when indices shift.
extension SwipeStack {
    /// The identity of the card on top, or `nil` when no card remains.
    ///
    /// - Complexity: O(log n).
    public var topCard: CardID? { card(atPosition: 0) }

    /// The identity of the card with a data-source index, remaining or swiped.
    ///
    /// - Parameter index: A data-source index.
    /// - Returns: The card's identity, or `nil` if the index is outside `0..<numberOfCards`.
    /// - Complexity: O(log n).
    public func card(atIndex index: Int) -> CardID? {
        guard index >= 0 && index < model.numberOfCards else { return nil }
        return model.cardID(of: model.identity(atIndex: index))
    }

    /// The identity of the card at a stack position.
    ///
    /// - Parameter position: A position in the remaining stack (0 is the top).
    /// - Returns: The card's identity, or `nil` if the position is outside the remaining stack.
    /// - Complexity: O(log n).
    public func card(atPosition position: Int) -> CardID? {
        guard position >= 0 && position < model.numberOfRemainingCards else { return nil }
        return model.cardID(of: model.identity(atPosition: position))
    }

    /// Whether a card still exists (remaining or swiped).
    ///
    /// - Parameter card: An identity read from this stack.
    /// - Returns: `false` once the card was deleted or the stack reloaded.
    /// - Complexity: O(1).
    public func contains(_ card: CardID) -> Bool { model.identity(of: card) != nil }

    /// The current data-source index of a card.
    ///
    /// - Parameter card: An identity read from this stack.
    /// - Returns: The index, or `nil` if the card no longer exists.
    /// - Complexity: O(log n).
    public func index(of card: CardID) -> Int? {
        model.identity(of: card).flatMap { model.index(of: $0) }
    }

    /// The current stack position of a card.
    ///
    /// - Parameter card: An identity read from this stack.
    /// - Returns: The position, or `nil` if the card was swiped or no longer exists.
    /// - Complexity: O(log n).
    public func position(of card: CardID) -> Int? {
        model.identity(of: card).flatMap { model.position(of: $0) }
    }

    /// The identities of the remaining cards, top first.
    ///
    /// - Complexity: O(n).
    public var remainingCards: [CardID] {
        var result: [CardID] = []
        result.reserveCapacity(model.numberOfRemainingCards)
        model.remaining.forEach { identity in
            result.append(model.cardID(of: identity))
            return true
        }
        return result
    }
}
