import Foundation

extension DeckRequest {
    /// Joining a live table with a display name, Riffle's `POST /api/deck/<id>/player/<name>/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player's name, `[-a-zA-Z0-9_]+`.
    ///   - displayName: the name shown to people (1 to 32 characters, any script).
    /// - Returns: the request.
    public static func join(deckID: String, player: String, displayName: String) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "player", player],
            parameters: [URLQueryItem(name: "display_name", value: displayName)], changesState: true)
    }

    /// A new display name, Riffle's `POST /api/deck/<id>/player/<name>/rename/` (the player or the host).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player to rename.
    ///   - displayName: the new display name.
    /// - Returns: the request.
    public static func rename(deckID: String, player: String, displayName: String) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "player", player, "rename"],
            parameters: [URLQueryItem(name: "display_name", value: displayName)], changesState: true)
    }

    /// New seats, Riffle's `POST /api/deck/<id>/seats/` (the host): every player once, in order.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - order: the players' names in their new seat order.
    /// - Returns: the request.
    public static func reorderSeats(deckID: String, order: [String]) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "seats"],
            parameters: [URLQueryItem(name: "order", value: order.joined(separator: ","))], changesState: true)
    }

    /// Where ``turn(deckID:to:strict:)`` sends the turn marker.
    public enum TurnTarget: Hashable, Sendable {
        /// The next seat after the holder (the holder or the host).
        case next
        /// Nobody (the host).
        case nobody
        /// A player (the host).
        case player(String)
    }

    /// The turn marker and strict turns, Riffle's `POST /api/deck/<id>/turn/`; give at least one.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - to: where the turn goes, if it moves.
    ///   - strict: whether only the turn holder may move cards, if that changes (the host).
    /// - Returns: the request.
    public static func turn(deckID: String, to: TurnTarget? = nil, strict: Bool? = nil) -> DeckRequest {
        var parameters: [URLQueryItem] = []
        switch to {
        case .next: parameters.append(URLQueryItem(name: "to", value: "next"))
        case .nobody: parameters.append(URLQueryItem(name: "to", value: "none"))
        case .player(let name): parameters.append(URLQueryItem(name: "to", value: name))
        case nil: break
        }
        if let strict { parameters.append(URLQueryItem(name: "strict", value: strict ? "true" : "false")) }
        return DeckRequest(pathSegments: ["deck", deckID, "turn"], parameters: parameters, changesState: true)
    }

    /// A public pile face down or face up, Riffle's `POST /api/deck/<id>/pile/<name>/face/` (any
    /// player); the pile is created empty if it does not exist.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile.
    ///   - faceDown: `true` to turn it face down, `false` face up.
    /// - Returns: the request.
    public static func turnPile(deckID: String, pile: String, faceDown: Bool) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "pile", pile, "face"],
            parameters: [URLQueryItem(name: "face", value: faceDown ? "down" : "up")], changesState: true)
    }
}
