import Foundation

extension DeckRequest {
    /// Joining a live table as a player, Riffle's `POST /api/deck/<id>/player/<name>/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player's name, `[-a-zA-Z0-9_]+`; it also names the player's private pile.
    /// - Returns: the request.
    public static func join(deckID: String, player: String) -> DeckRequest {
        DeckRequest(pathSegments: ["deck", deckID, "player", player], changesState: true)
    }

    /// A face-down deal of the stack's top `count` cards into a pile, Riffle's
    /// `/api/deck/<id>/pile/<name>/deal/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile (a player's hand, or any other pile), created if needed.
    ///   - count: how many cards.
    /// - Returns: the request.
    public static func deal(deckID: String, pile: String, count: Int) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "pile", pile, "deal"],
            parameters: [URLQueryItem(name: "count", value: String(count))], changesState: true)
    }

    /// Removing a player from a live table, Riffle's `DELETE /api/deck/<id>/player/<name>/`: the
    /// host removes anyone, a player removes themself (leaves). Send it as that player
    /// (``DeckOfCardsClient/withPlayer(_:)``).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player to remove.
    /// - Returns: the request.
    public static func removePlayer(deckID: String, player: String) -> DeckRequest {
        var request = DeckRequest(pathSegments: ["deck", deckID, "player", player], changesState: true)
        request.method = "DELETE"
        return request
    }
}
