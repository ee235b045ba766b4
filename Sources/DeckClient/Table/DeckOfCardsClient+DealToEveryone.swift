import Foundation

extension DeckRequest {
    /// The host's deal to everyone, Riffle's `POST /api/deck/<id>/deal/`: `count` cards to every
    /// seated player, one at a time in seat order, in one change.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - count: how many cards each player gets (1–54).
    /// - Returns: the request.
    public static func dealToEveryone(deckID: String, count: Int) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "deal"],
            parameters: [URLQueryItem(name: "count", value: String(count))], changesState: true)
    }
}

extension DeckOfCardsClient {
    /// Deals `count` cards face down to every player of a live table (the host only), one card at a
    /// time in seat order: one change, one `deal` event, each player seeing only their own cards.
    ///
    /// ```swift
    /// let host = client.withPlayer(hostSeat.token)
    /// _ = try await host.dealToEveryone(deckID: id, count: 5)   // four players: 20 cards, five each
    /// ```
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - count: how many cards each player gets (1–54).
    /// - Returns: the table's people after the deal.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/forbidden`` when this client acts as a
    ///   player who is not the host (403), ``DeckClientError/Code/unauthorized`` without a player's
    ///   token (401), ``DeckClientError/Code/notEnoughCards`` when the stack holds fewer than `count`
    ///   cards for each player (nothing is dealt). Resent after transient failures with its
    ///   idempotency key, so it deals once.
    public func dealToEveryone(deckID: String, count: Int) async throws -> TablePeople {
        try await decoded(.dealToEveryone(deckID: deckID, count: count), as: TablePeople.self)
    }
}
