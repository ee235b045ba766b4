import PlayingCards

extension DeckOfCardsClient {
    /// Moves drawn cards onto a pile, creating it if needed.
    ///
    /// ```swift
    /// let hand = try await client.draw(deckID: id, count: 2)
    /// let state = try await client.addToPile(deckID: id, pile: "discard", cards: hand.cards.map(\.card))
    /// state.piles[named: "discard"]?.remaining     // 2
    /// ```
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name, `[-a-zA-Z0-9_]+`.
    ///   - cards: the cards to add on top (cards still in the stack are ignored by the server).
    /// - Returns: the piles after the add.
    /// - Throws: ``DeckClientError``. Resent after transient failures with its idempotency key.
    public func addToPile(deckID: String, pile: String, cards: [PlayingCards.Card]) async throws -> PileState {
        try await decoded(.addToPile(deckID: deckID, pile: pile, cards: cards), as: PileState.self)
    }

    /// Lists every pile's size and the named pile's cards (bottom to top). Safe to retry.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile whose cards to list.
    /// - Returns: the piles, the named one with ``PileSummary/cards``.
    /// - Throws: ``DeckClientError``, ``DeckClientError/Code/pileNotFound`` for an unknown pile.
    public func listPile(deckID: String, pile: String) async throws -> PileState {
        try await decoded(.listPile(deckID: deckID, pile: pile), as: PileState.self)
    }

    /// Shuffles one pile.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name.
    /// - Returns: the piles after the shuffle.
    /// - Throws: ``DeckClientError``. Resent after transient failures with its idempotency key.
    public func shufflePile(deckID: String, pile: String) async throws -> PileState {
        try await decoded(.shufflePile(deckID: deckID, pile: pile), as: PileState.self)
    }

    /// Draws `count` cards from a pile's top, bottom, or at random.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name.
    ///   - count: how many cards.
    ///   - source: top (the last added), bottom (the first added) or random.
    /// - Returns: the cards taken and the piles after.
    /// - Throws: ``DeckClientError``, ``DeckClientError/Code/notEnoughCards`` when the pile is too
    ///   small (nothing is taken). Resent after transient failures with its idempotency key.
    public func drawFromPile(
        deckID: String, pile: String, count: Int = 1, from source: DrawSource = .top
    ) async throws -> PileDrawResult {
        try await decoded(
            .drawFromPile(deckID: deckID, pile: pile, count: count, from: source), as: PileDrawResult.self)
    }

    /// Draws exactly the named cards from a pile, in the order given.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name.
    ///   - cards: the cards to take.
    /// - Returns: the cards taken and the piles after.
    /// - Throws: ``DeckClientError``, ``DeckClientError/Code/cardsNotInPile`` when one is not in the
    ///   pile (nothing changes). Resent after transient failures with its idempotency key.
    public func drawFromPile(deckID: String, pile: String, cards: [PlayingCards.Card]) async throws -> PileDrawResult {
        try await decoded(.drawFromPile(deckID: deckID, pile: pile, cards: cards), as: PileDrawResult.self)
    }

    /// Returns a pile, or some of its cards, to the bottom of the stack. The pile stays.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name.
    ///   - cards: only these cards, or `nil` for the whole pile.
    /// - Returns: the piles and the stack's remaining count after the return.
    /// - Throws: ``DeckClientError``, ``DeckClientError/Code/pileNotFound``. Resent after transient failures with its
    ///   idempotency key.
    public func returnPile(deckID: String, pile: String, cards: [PlayingCards.Card]? = nil) async throws -> PileState {
        try await decoded(.returnPile(deckID: deckID, pile: pile, cards: cards), as: PileState.self)
    }
}
