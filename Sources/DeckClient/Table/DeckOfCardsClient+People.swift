extension DeckOfCardsClient {
    /// Joins a deck's table as a player with a display name (see ``join(deckID:player:)``).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the name, `[-a-zA-Z0-9_]+` (at most 64 characters).
    ///   - displayName: the name shown to people: 1 to 32 characters in any script.
    /// - Returns: the player's name, display name, token and the deck's piles.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/serverRejected`` for a display name
    ///   with control or invisible characters, or too long (400), and as ``join(deckID:player:)``.
    public func join(deckID: String, player: String, displayName: String) async throws -> JoinResult {
        try await decoded(.join(deckID: deckID, player: player, displayName: displayName), as: JoinResult.self)
    }

    /// The people of a live table: deck info's players in seat order, host, turn and strict turns.
    ///
    /// - Parameter deckID: the deck id.
    /// - Returns: the people; no players for a deck that is not a live table.
    /// - Throws: ``DeckClientError``.
    public func tablePeople(deckID: String) async throws -> TablePeople {
        try await decoded(.deckInfo(deckID: deckID), as: TablePeople.self)
    }

    /// Renames a player: the player this client acts as, or anyone when it acts as the host.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player to rename.
    ///   - displayName: the new display name.
    /// - Returns: the table's people after the change.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/forbidden`` for another player's name
    ///   when not the host (403), ``DeckClientError/Code/unauthorized`` without a token (401).
    public func rename(deckID: String, player: String, displayName: String) async throws -> TablePeople {
        try await decoded(.rename(deckID: deckID, player: player, displayName: displayName), as: TablePeople.self)
    }

    /// Reorders the seats (the host): `order` names every player once. The host stays the host.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - order: the players in their new seat order.
    /// - Returns: the table's people after the change.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/forbidden`` when not the host,
    ///   ``DeckClientError/Code/serverRejected`` when `order` is not a permutation of the players.
    public func reorderSeats(deckID: String, order: [String]) async throws -> TablePeople {
        try await decoded(.reorderSeats(deckID: deckID, order: order), as: TablePeople.self)
    }

    /// Moves the turn marker and/or turns strict turns on or off. The holder may pass the turn on
    /// (`.next`); everything else is the host's.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - to: where the turn goes, if it moves.
    ///   - strict: whether only the turn holder may move cards, if that changes.
    /// - Returns: the table's people after the change.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/forbidden`` when this player may not.
    public func setTurn(
        deckID: String, to: DeckRequest.TurnTarget? = nil, strict: Bool? = nil
    ) async throws
        -> TablePeople
    {
        try await decoded(.turn(deckID: deckID, to: to, strict: strict), as: TablePeople.self)
    }

    /// Turns a public pile face down (its cards then visible to nobody) or face up (visible to all).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile, created empty when missing.
    ///   - faceDown: `true` for face down.
    /// - Returns: every pile after the change (the pile's cards when face up).
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/serverRejected`` for a player's hand (409).
    public func turnPile(deckID: String, pile: String, faceDown: Bool) async throws -> PileState {
        try await decoded(.turnPile(deckID: deckID, pile: pile, faceDown: faceDown), as: PileState.self)
    }
}
