extension DeckOfCardsClient {
    /// A copy of this client that acts as a player: it sends the player's token with every request.
    ///
    /// Acting as a player lets the client list that player's private hand and draw, return or shuffle
    /// it. Once a deck has players, every change of it needs a player's token (without one, a
    /// change fails with ``DeckClientError/Code/unauthorized``, HTTP 401); reading stays open.
    ///
    /// ```swift
    /// let seat = try await client.join(deckID: id, player: "ana")
    /// let ana = client.withPlayer(seat.token)
    /// let hand = try await ana.listPile(deckID: id, pile: "ana")   // Ana's cards
    /// ```
    ///
    /// - Parameter token: the token ``join(deckID:player:)`` returned, or `nil` for nobody in particular.
    /// - Returns: the copy; it shares this client's transport and image cache.
    public func withPlayer(_ token: PlayerToken?) -> DeckOfCardsClient {
        var copy = self
        copy.playerToken = token
        return copy
    }

    /// Joins a deck's table as a player: the pile named `player` becomes the player's private hand.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the name, `[-a-zA-Z0-9_]+` (at most 64 characters).
    /// - Returns: the player's name, token and the deck's piles. Keep the token: it is the only
    ///   proof of who the player is, and the server cannot tell it again.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/playerTaken`` when the name is already a
    ///   player (409), ``DeckClientError/Code/serverRejected`` past 64 players (400),
    ///   ``DeckClientError/Code/invalidRequest`` for an invalid name. Resent after transient failures with its
    ///   idempotency key.
    public func join(deckID: String, player: String) async throws -> JoinResult {
        try await decoded(.join(deckID: deckID, player: player), as: JoinResult.self)
    }

    /// Deals the stack's top `count` cards face down into a pile in one step.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile: a player's hand or any other pile (created if needed).
    ///   - count: how many cards.
    /// - Returns: the stack and piles after the deal, and the dealt cards only when the pile is
    ///   public or belongs to the player this client acts as.
    /// - Throws: ``DeckClientError``, ``DeckClientError/Code/notEnoughCards`` beyond the stack
    ///   (nothing is dealt). Resent after transient failures with its idempotency key.
    public func deal(deckID: String, pile: String, count: Int) async throws -> DealResult {
        try await decoded(.deal(deckID: deckID, pile: pile, count: count), as: DealResult.self)
    }

    /// Removes a player from a live table: their hand is shuffled face down into the stack,
    /// their pile is removed and their token stops working. The host may remove anyone; any other
    /// player only themself (see ``leave(deckID:player:)``).
    ///
    /// ```swift
    /// let host = client.withPlayer(hostSeat.token)
    /// _ = try await host.removePlayer(deckID: id, player: "bo")
    /// ```
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player to remove.
    /// - Returns: the deck after the removal.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/forbidden`` when this client acts as
    ///   another player who is not the host (403), ``DeckClientError/Code/unauthorized`` without a
    ///   player's token (401), ``DeckClientError/Code/serverRejected`` when the name is not seated
    ///   (404), ``DeckClientError/Code/invalidRequest`` for an invalid name. Resent after transient
    ///   failures with its idempotency key.
    public func removePlayer(deckID: String, player: String) async throws -> LeaveResult {
        try await decoded(.removePlayer(deckID: deckID, player: player), as: LeaveResult.self)
    }

    /// Leaves a live table as `player`, the player this client acts as (``withPlayer(_:)``): the
    /// hand goes back into the stack face down and the token stops working. When the host leaves,
    /// the next player in seat order hosts.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: this client's player.
    /// - Returns: the deck after leaving.
    /// - Throws: ``DeckClientError``, as ``removePlayer(deckID:player:)`` does.
    public func leave(deckID: String, player: String) async throws -> LeaveResult {
        try await removePlayer(deckID: deckID, player: player)
    }
}
