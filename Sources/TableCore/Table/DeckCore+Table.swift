import HTTPTypes
import PlayingCards

extension DeckCore {
    /// Joins a live table: `POST /api/deck/<id>/player/<name>/`. The answer carries the player's
    /// token, the only time it is ever shown, and the display name (the name unless given). Anyone
    /// may join; joining never takes cards.
    package func join(
        _ name: String, token: String, displayName: String?, deckID id: String, on deck: inout DeckState
    ) throws -> APIResponse {
        if let table = deck.table, table.player(named: name) == nil {
            try Self.checkDisplayName(displayName ?? name, against: table.players.map(\.displayName))
        }
        try deck.join(player: name, tokenHash: TableToken.hash(token), displayName: displayName)
        var body = successBody(id)
        body.add("player", string: name)
        body.add("display_name", string: displayName ?? name)
        body.add("token", string: token)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: name))
        return APIResponse(json: body.finished())
    }

    /// Unseats a player: `DELETE /api/deck/<id>/player/<name>/`. The host may remove anyone; a
    /// player may remove themself (leave). The hand is shuffled into the stack face down (see
    /// `DeckState.removePlayer(named:using:)`), the pile is removed and the token stops working.
    package func leave<G: RandomNumberGenerator>(
        _ name: String, deckID id: String, on deck: inout DeckState, player: String?, using generator: inout G
    ) throws -> APIResponse {
        guard deck.table?.player(named: name) != nil else { throw APIError.playerNotFound(name) }
        guard let player else { throw APIError.seatedDeckNeedsPlayer }
        guard player == name || player == deck.host else { throw APIError.onlyHostRemoves(name) }
        try deck.removePlayer(named: name, using: &generator)
        var body = successBody(id)
        body.add("player", string: name)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: player == name ? nil : player))
        return APIResponse(json: body.finished())
    }

    /// Deals the top `count` cards of the stack into a pile: `/api/deck/<id>/pile/<name>/deal/`.
    /// The dealt cards are in the answer only when the pile is public or the caller's own.
    package func deal(
        _ pile: String, count: Int, faceDown: Bool, deckID id: String, on deck: inout DeckState, player: String?
    ) throws -> APIResponse {
        let dealt = try deck.deal(toPile: pile, count: count, creatingFaceDown: faceDown)
        var body = successBody(id)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: player))
        if deck.canSeePile(pile, viewer: player) { body.add("cards", json: cardJSON.array(dealt)) }
        return APIResponse(json: body.finished())
    }
}

extension DeckCore {
    /// Refuses (409) a display name equal, once normalised and case-folded, or confusable with
    /// one of `others` (see ``DisplayName/clash(of:with:)``).
    package static func checkDisplayName(_ displayName: String, against others: [String]) throws(APIError) {
        guard let clash = DisplayName.clash(of: displayName, with: others) else { return }
        var shown = ""
        JSONObjectWriter.writeString(clash, to: &shown)
        throw APIError(
            status: .conflict,
            message: "That display name is or looks like " + shown + ", a seated player's: choose another.")
    }
}

extension APIError {
    package static func playerNotFound(_ name: String) -> APIError {
        APIError(status: .notFound, message: "No player named " + name + " is seated at this deck.")
    }

    package static func onlyHostRemoves(_ name: String) -> APIError {
        APIError(
            status: .forbidden,
            message: "Only the host may remove " + name + "; a player may remove only themself (leave).")
    }
}
