/// Dealing a round to every seated player at once: the host's "deal N to everyone".
extension DeckState {
    /// Deals `count` cards to every seated player from the top of the stack, one card at a time in
    /// seat order (the first seat gets the first card, then the second seat, …, then the first
    /// seat again), as a dealer at a table does.
    ///
    /// ```swift
    /// try deck.dealToEveryone(count: 5)   // four players: 20 cards, five each
    /// ```
    ///
    /// - Parameter count: how many cards each player gets, 0 or more.
    /// - Returns: the cards each player got, in seat order, each list in the order dealt.
    /// - Throws: ``DeckError`` when the count is negative or the stack holds fewer than `count`
    ///   times the number of players; nothing is dealt then. A deck without players deals nothing
    ///   and returns no hands.
    /// - Complexity: O(*count* × *players*).
    @discardableResult
    public mutating func dealToEveryone(count: Int) throws(DeckError) -> [(player: String, cards: [Card])] {
        guard count >= 0 else { throw .negativeCount }
        let players = table?.players.map { $0.name } ?? []
        guard !players.isEmpty else { return [] }
        let total = count * players.count
        guard total <= stack.count else { throw .notEnoughCardsToDeal(requested: total) }
        // Every seated player's hand is a pile (joining creates it); one that is missing is made
        // before any card moves, so a failure leaves the deck as it was.
        var targets: [Int] = []
        for player in players {
            if let existing = pileIndex(named: player) {
                targets.append(existing)
            } else {
                targets.append(try createPile(named: player, faceDown: false))
            }
        }
        var hands = players.map { (player: $0, cards: [Card]()) }
        for index in 0..<total {
            hands[index % players.count].cards.append(stack[index])
        }
        stack.removeFirst(total)
        for (target, hand) in zip(targets, hands) {
            piles[target].cards.append(contentsOf: hand.cards)
        }
        return hands
    }
}
