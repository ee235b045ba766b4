extension DeckState {
    /// Whether the deck is a live table (it has players or watched events).
    public var isLiveTable: Bool { table != nil }

    /// Makes the deck a live table without players, if it is not one yet. Its events are recorded
    /// from the next change on.
    public mutating func becomeLiveTable() {
        if table == nil { table = TableState() }
    }

    /// Seats a new player. The pile named after the player becomes the player's private hand; if
    /// a public pile of that name already exists, its cards are the hand from now on.
    ///
    /// - Parameters:
    ///   - name: the player's name, a valid pile name.
    ///   - tokenHash: the SHA-256 of the player's token.
    /// - Throws: ``TableError`` when the name is invalid or taken, the table is full, or the hash
    ///   has the wrong length.
    public mutating func join(player name: String, tokenHash: [UInt8]) throws(TableError) {
        guard PileName.isValid(name) else { throw .invalidPlayerName }
        guard tokenHash.count == TableState.tokenHashLength else { throw .invalidTokenHash }
        var table = self.table ?? TableState()
        guard table.player(named: name) == nil else { throw .playerExists(name) }
        guard table.players.count < TableState.maximumPlayers else { throw .tableFull }
        table.players.append(TablePlayer(name: name, tokenHash: tokenHash))
        self.table = table
    }

    /// Whether the pile called `name` is a player's private hand.
    ///
    /// - Parameter name: a pile name.
    /// - Returns: `true` when a player of that name has joined.
    public func isPrivatePile(_ name: String) -> Bool {
        table?.player(named: name) != nil
    }

    /// Whether `viewer` may see the cards of the pile called `name`: a public pile, or the viewer's own.
    ///
    /// - Parameters:
    ///   - name: a pile name.
    ///   - viewer: the player asking, or `nil` for a spectator.
    /// - Returns: `true` when the pile's cards may be shown.
    public func canSeePile(_ name: String, viewer: String?) -> Bool {
        name == viewer || !isPrivatePile(name)
    }

    /// Moves the top `count` cards of the stack into a pile in one step, creating the pile if needed.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - count: how many cards, 0 or more.
    /// - Returns: the cards dealt, in the order they were on the stack.
    /// - Throws: ``DeckError`` when the name is invalid, the count negative, or the stack holds
    ///   fewer than `count` cards (nothing changes).
    @discardableResult
    public mutating func deal(toPile name: String, count: Int) throws(DeckError) -> [Card] {
        guard PileName.isValid(name) else { throw .invalidPileName }
        guard count >= 0 else { throw .negativeCount }
        guard count <= stack.count else { throw .notEnoughCardsToDeal(requested: count) }
        let dealt = Array(stack.prefix(count))
        stack.removeFirst(count)
        drawn.append(contentsOf: dealt)
        try addToPile(named: name, cards: dealt, takingFrom: { _ in false })
        return dealt
    }

    /// Stores a new table, for storage code reading a deck back.
    package mutating func setTable(_ table: TableState?) {
        self.table = table
    }

    /// Records one more change of a live table and returns its number.
    ///
    /// - Returns: the new ``TableState/changeNumber``, or `nil` when the deck is not a live table.
    public mutating func countChange() -> Int64? {
        guard var table else { return nil }
        table.changeNumber += 1
        self.table = table
        return table.changeNumber
    }
}

extension DeckError {
    static func notEnoughCardsToDeal(requested: Int) -> DeckError {
        DeckError(
            kind: .notEnoughCards, message: "Not enough cards remaining to deal " + String(requested) + " additional")
    }
}
