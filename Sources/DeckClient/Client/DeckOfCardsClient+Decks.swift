import PlayingCards

extension DeckOfCardsClient {
    /// Creates a deck.
    ///
    /// ```swift
    /// let deck = try await client.newDeck(shuffled: true, deckCount: 6)    // a six-deck shoe
    /// let euchre = try await client.newDeck(cards: CardList.parse("9S,0S,JS,QS,KS,AS"))
    /// ```
    ///
    /// - Parameters:
    ///   - shuffled: whether to shuffle it (`/api/deck/new/shuffle/`).
    ///   - deckCount: how many decks to combine, 1…20.
    ///   - jokersEnabled: whether to add `X1` and `X2` to each deck.
    ///   - cards: a partial deck: only these cards (remembered for later full reshuffles), or `nil`.
    /// - Returns: the new deck's state.
    /// - Throws: ``DeckClientError``; a deck count out of range is ``DeckClientError/Code/serverRejected``
    ///   with the server's message. Resent after transient failures with its idempotency key.
    public func newDeck(
        shuffled: Bool = false, deckCount: Int = 1, jokersEnabled: Bool = false, cards: [PlayingCards.Card]? = nil
    ) async throws -> DeckStatus {
        try await decoded(
            .newDeck(shuffled: shuffled, deckCount: deckCount, jokersEnabled: jokersEnabled, cards: cards),
            as: DeckStatus.self)
    }

    /// Creates a shuffled deck and draws from it in one request (`/api/deck/new/draw/`).
    ///
    /// - Parameters:
    ///   - count: how many cards to draw.
    ///   - deckCount: how many decks to combine.
    ///   - jokersEnabled: whether to add jokers.
    /// - Returns: the cards dealt and the new deck's id.
    /// - Throws: ``DeckClientError``. Resent after transient failures with its idempotency key.
    public func newDeckAndDraw(count: Int, deckCount: Int = 1, jokersEnabled: Bool = false) async throws -> DrawResult {
        try await decoded(
            .newDeckAndDraw(count: count, deckCount: deckCount, jokersEnabled: jokersEnabled), as: DrawResult.self)
    }

    /// Reads a deck's state. Safe to retry, and retried after transient failures.
    ///
    /// - Parameter deckID: the deck id.
    /// - Returns: the deck's state.
    /// - Throws: ``DeckClientError``, ``DeckClientError/Code/deckNotFound`` for an unknown id.
    public func deckInfo(deckID: String) async throws -> DeckStatus {
        try await decoded(.deckInfo(deckID: deckID), as: DeckStatus.self)
    }

    /// Reshuffles a deck.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - remainingOnly: shuffle only the undrawn stack; otherwise every card comes back and all
    ///     piles are cleared.
    ///   - jokersEnabled: switch jokers for good, or `nil` to keep them.
    ///   - cards: replace the remembered partial-deck contents, or `nil`.
    /// - Returns: the deck's state.
    /// - Throws: ``DeckClientError``. Resent after transient failures with its idempotency key.
    public func shuffle(
        deckID: String, remainingOnly: Bool = false, jokersEnabled: Bool? = nil, cards: [PlayingCards.Card]? = nil
    ) async throws -> DeckStatus {
        try await decoded(
            .shuffle(deckID: deckID, remainingOnly: remainingOnly, jokersEnabled: jokersEnabled, cards: cards),
            as: DeckStatus.self)
    }

    /// Draws cards from the deck's stack.
    ///
    /// Asking for more than remain deals every remaining card and returns them with
    /// ``DrawResult/shortfall`` set to the server's message (the API's `success: false` answer).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - count: how many cards.
    ///   - source: the top (the API's draw), or Riffle's bottom and random draws.
    /// - Returns: the cards dealt and the count left.
    /// - Throws: ``DeckClientError``. Resent after transient failures with its idempotency key.
    public func draw(deckID: String, count: Int = 1, from source: DrawSource = .top) async throws -> DrawResult {
        try await decoded(.draw(deckID: deckID, count: count, from: source), as: DrawResult.self)
    }

    /// Lists the cards drawn from a deck and not in any pile (Riffle's `/api/deck/<id>/drawn/`).
    /// Safe to retry.
    ///
    /// - Parameter deckID: the deck id.
    /// - Returns: the drawn cards and the stack's remaining count.
    /// - Throws: ``DeckClientError``.
    public func drawnCards(deckID: String) async throws -> DrawResult {
        try await decoded(.drawnCards(deckID: deckID), as: DrawResult.self)
    }

    /// Returns drawn cards (not in the stack, not in a pile) to the bottom of the stack.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - cards: only these cards, or `nil` for all of them.
    /// - Returns: the deck id and the stack's remaining count.
    /// - Throws: ``DeckClientError``. Resent after transient failures with its idempotency key.
    public func returnCards(deckID: String, cards: [PlayingCards.Card]? = nil) async throws -> ReturnResult {
        try await decoded(.returnCards(deckID: deckID, cards: cards), as: ReturnResult.self)
    }
}
