import HTTPTypes
import PlayingCards

/// The host's "deal N to everyone": one change and one `deal` event, whose moves show each viewer
/// only the cards of its own hand (the renderer redacts them as every event's).
extension DeckCore {
    /// Deals `count` cards to every seated player, one at a time in seat order, and answers with
    /// the table as the caller sees it (the shape of every people change): the players, the
    /// stack's count, every pile's size, and the caller's own hand with its cards.
    package func dealToEveryone(
        count: Int, deckID id: String, on deck: inout DeckState, player: String?
    ) throws
        -> APIResponse
    {
        try deck.dealToEveryone(count: count)
        var body = successBody(id)
        TablePlayersJSON.addTable(deck, to: &body)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: player))
        return APIResponse(json: body.finished())
    }
}

extension APIError {
    package static func onlyHostDealsToEveryone(_ host: String) -> APIError {
        APIError(status: .forbidden, message: "Only the host, " + host + ", may deal to everyone.")
    }
}
