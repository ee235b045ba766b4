/// Names, seats and the turn marker of a live table. Who may make each change (a player, the
/// host) is the service's rule; these only keep the table consistent.
extension DeckState {
    /// Renames a player's display name.
    ///
    /// - Parameters:
    ///   - name: the player's name.
    ///   - displayName: the new display name (checked by the service).
    /// - Throws: ``TableError`` when no player has that name or the display name is too long.
    public mutating func rename(player name: String, to displayName: String) throws(TableError) {
        guard displayName.utf8.count <= TablePlayer.maximumDisplayNameBytes else { throw .displayNameTooLong }
        guard var table, let seat = table.seat(of: name) else { throw .playerNotFound(name) }
        table.players[seat].displayName = displayName
        self.table = table
    }

    /// Seats the players in a new order. The host stays the host, and the turn stays where it is.
    ///
    /// - Parameter order: every seated player's name, once each, in the new seat order.
    /// - Throws: ``TableError/Kind/invalidSeatOrder`` when `order` is not a permutation of the
    ///   seated players.
    public mutating func reorderSeats(_ order: [String]) throws(TableError) {
        guard var table, order.count == table.players.count, Set(order).count == order.count else {
            throw .invalidSeatOrder
        }
        var seated: [TablePlayer] = []
        for name in order {
            guard let player = table.player(named: name) else { throw .invalidSeatOrder }
            seated.append(player)
        }
        table.players = seated
        self.table = table
    }

    /// The player after `name` in seat order, wrapping around: who `next` passes the turn to.
    ///
    /// - Parameter name: a seated player's name.
    /// - Returns: the next player's name, `nil` when `name` is not seated.
    public func nextSeat(after name: String) -> String? {
        guard let table, let seat = table.seat(of: name) else { return nil }
        return table.players[(seat + 1) % table.players.count].name
    }

    /// Gives the turn marker to a player, or to nobody.
    ///
    /// - Parameter name: the new holder, `nil` for nobody.
    /// - Throws: ``TableError`` when `name` is not seated.
    public mutating func setTurn(_ name: String?) throws(TableError) {
        guard var table else {
            if let name { throw .playerNotFound(name) }
            return
        }
        if let name, table.player(named: name) == nil { throw .playerNotFound(name) }
        table.turn = name
        self.table = table
    }

    /// Turns strict turns on or off: with them on, only the turn holder moves cards.
    ///
    /// - Parameter strict: whether turns are strict.
    public mutating func setStrictTurns(_ strict: Bool) {
        var table = self.table ?? TableState()
        table.strictTurns = strict
        self.table = table
    }

    /// Locks or unlocks the table: while it is locked nobody new may join (``join(player:tokenHash:displayName:)``
    /// throws ``TableError/Kind/tableLocked``); the players seated stay, and may leave.
    ///
    /// - Parameter locked: whether the table is locked.
    public mutating func setLocked(_ locked: Bool) {
        var table = self.table ?? TableState()
        table.locked = locked
        self.table = table
    }

    /// The player whose turn it is when strict turns keep `player` from moving cards; `nil` when
    /// `player` may move cards (turns are not strict, nobody holds the turn, or `player` does).
    ///
    /// - Parameter player: the player asking.
    /// - Returns: the turn holder who stands in the way, if any.
    public func turnHolder(blocking player: String) -> TablePlayer? {
        guard let table, table.strictTurns, let turn = table.turn, turn != player else { return nil }
        return table.player(named: turn)
    }
}
