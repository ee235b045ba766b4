extension DeckState {
    /// Whether the deck is a live table (it has players or watched events).
    public var isLiveTable: Bool { table != nil }

    /// Whether the deck is seated: it has at least one player. A seated deck changes only through
    /// its players' requests (joining excepted); a deck without players behaves as the public API.
    public var isSeated: Bool { table?.players.isEmpty == false }

    /// The name of the host (see ``TableState/hostName``); `nil` when nobody is seated.
    public var host: String? { table?.host?.name }

    /// Makes the deck a live table without players, if it is not one yet. Its events are recorded
    /// from the next change on.
    public mutating func becomeLiveTable() {
        if table == nil { table = TableState() }
    }

    /// Seats a new player. The pile named after the player becomes the player's private hand: a
    /// new empty pile, or an empty public pile of that name. Joining never takes cards: a public
    /// pile of that name that holds cards refuses the name.
    ///
    /// The player sits after everyone seated; the first player to join hosts.
    ///
    /// - Parameters:
    ///   - name: the player's name, a valid pile name.
    ///   - tokenHash: the SHA-256 of the player's token.
    ///   - displayName: the name shown to people (checked by the service); `nil` for `name`.
    /// - Throws: ``TableError`` when the name is invalid or reserved (``TablePlayer/reservedNames``),
    ///   taken by a player or by a pile that holds cards, the table is locked or full, the deck holds
    ///   ``maximumPiles`` already, the hash has the wrong length or the display name is longer
    ///   than ``TablePlayer/maximumDisplayNameBytes``. Nothing changes then.
    public mutating func join(player name: String, tokenHash: [UInt8], displayName: String? = nil) throws(TableError) {
        guard PileName.isValid(name) else { throw .invalidPlayerName }
        guard !TablePlayer.isReservedName(name) else { throw .reservedPlayerName(name) }
        guard tokenHash.count == TableState.tokenHashLength else { throw .invalidTokenHash }
        if let displayName, displayName.utf8.count > TablePlayer.maximumDisplayNameBytes {
            throw .displayNameTooLong
        }
        var table = self.table ?? TableState()
        guard table.player(named: name) == nil else { throw .playerExists(name) }
        guard !table.locked else { throw .tableLocked }
        guard table.players.count < TableState.maximumPlayers else { throw .tableFull }
        if let index = pileIndex(named: name) {
            guard piles[index].cards.isEmpty else { throw .pileHoldsCards(name) }
            // A hand is its player's own to see: an empty face-down pile becomes a hand face up.
            piles[index].isFaceDown = false
        } else {
            do {
                _ = try createPile(named: name)
            } catch {
                throw .tooManyPiles
            }
        }
        table.players.append(TablePlayer(name: name, tokenHash: tokenHash, displayName: displayName))
        if table.hostName == nil { table.hostName = name }
        self.table = table
    }

    /// Unseats a player: their hand is shuffled into the stack, their pile is removed and their
    /// token stops working. When the host leaves, the next player in seat order hosts; when the turn
    /// holder leaves, the turn passes to the next player in seat order (nobody's when nobody is left).
    ///
    /// The hand's cards go to random places in the stack: the stack and the hand together take a
    /// random order, which depends only on which cards they hold and on `generator`, not on where
    /// each card was. A hand put under the stack in its order would let anyone draw it back from
    /// the bottom; cards put at random places among a stack whose order someone knows in part (cards
    /// they returned to the bottom, say) would still give away which of the cards later drawn were
    /// the hand's. So no one learns anything about a departed hand that they could not see.
    ///
    /// - Parameters:
    ///   - name: the player's name.
    ///   - generator: the randomness for the shuffle.
    /// - Returns: the cards that went back into the stack, in the hand's order.
    /// - Throws: ``TableError`` when no player has that name (nothing changes).
    /// - Complexity: O(*n* log *n*) in the cards of the stack and the hand.
    @discardableResult
    public mutating func removePlayer<G: RandomNumberGenerator>(
        named name: String, using generator: inout G
    ) throws(TableError) -> [Card] {
        guard var table, let seat = table.players.firstIndex(where: { $0.name == name }) else {
            throw .playerNotFound(name)
        }
        var hand: [Card] = []
        if let index = pileIndex(named: name) {
            hand = piles[index].cards
            piles.remove(at: index)
        }
        if !hand.isEmpty {
            // Sorted first, so that the order drawn depends on nothing but the cards and the randomness.
            var mixed = (stack + hand).sorted { $0.ordinal < $1.ordinal }
            mixed.shuffle(using: &generator)
            stack = mixed
        }
        let successor = table.players.count > 1 ? table.players[(seat + 1) % table.players.count].name : nil
        table.players.remove(at: seat)
        if table.hostName == name { table.hostName = successor }
        if table.turn == name { table.turn = successor }
        self.table = table
        return hand
    }

    /// Unseats a player, shuffling their hand into the stack with the system's secure generator
    /// (see ``removePlayer(named:using:)``).
    ///
    /// - Parameter name: the player's name.
    /// - Returns: the cards that went back into the stack, in the hand's order.
    /// - Throws: ``TableError`` when no player has that name (nothing changes).
    @discardableResult
    public mutating func removePlayer(named name: String) throws(TableError) -> [Card] {
        var generator = SystemRandomNumberGenerator()
        return try removePlayer(named: name, using: &generator)
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
        visibility(for: viewer).canSeePile(name)
    }

    /// Moves the top `count` cards of the stack into a pile in one step, creating the pile if needed.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - count: how many cards, 0 or more.
    ///   - creatingFaceDown: whether a pile this creates lies face down (an existing pile keeps its face).
    /// - Returns: the cards dealt, in the order they were on the stack.
    /// - Throws: ``DeckError`` when the name is invalid, the count negative, the stack holds fewer
    ///   than `count` cards, or the pile would be one more than ``maximumPiles`` (nothing changes).
    @discardableResult
    public mutating func deal(
        toPile name: String, count: Int, creatingFaceDown: Bool = false
    ) throws(DeckError)
        -> [Card]
    {
        guard PileName.isValid(name) else { throw .invalidPileName }
        guard count >= 0 else { throw .negativeCount }
        guard count <= stack.count else { throw .notEnoughCardsToDeal(requested: count) }
        let target: Int
        if let existing = pileIndex(named: name) {
            target = existing
        } else {
            target = try createPile(named: name, faceDown: creatingFaceDown)
        }
        let dealt = Array(stack.prefix(count))
        stack.removeFirst(count)
        piles[target].cards.append(contentsOf: dealt)
        return dealt
    }

    /// Counts one more change of the deck and returns its number (see ``changeNumber``).
    ///
    /// - Returns: the new ``changeNumber``.
    @discardableResult
    public mutating func countChange() -> Int64 {
        changeNumber += 1
        return changeNumber
    }
}

extension DeckError {
    static func notEnoughCardsToDeal(requested: Int) -> DeckError {
        DeckError(
            kind: .notEnoughCards, message: "Not enough cards remaining to deal " + String(requested) + " additional")
    }
}
