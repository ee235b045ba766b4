/// The secret that says which player of a live table a request comes from.
///
/// ``DeckOfCardsClient/join(deckID:player:)`` returns one; keep it (the server stores only its
/// hash, so a lost token cannot be recovered) and hand it to ``DeckOfCardsClient/withPlayer(_:)``
/// to act as that player. It is sent as `Authorization: Bearer <token>`.
///
/// Printing a token never shows it (``description`` is redacted), so it does not end up in logs by
/// accident; read ``rawValue`` where you mean to store or show it.
///
/// ```swift
/// let seat = try await client.join(deckID: id, player: "ana")
/// UserDefaults.standard.set(seat.token.rawValue, forKey: "riffle.\(id)")
/// let ana = client.withPlayer(seat.token)
/// ```
public struct PlayerToken: Hashable, Sendable, CustomStringConvertible {
    /// The token's text, as the server issued it.
    public let rawValue: String

    /// Wraps a token kept from an earlier join.
    ///
    /// - Parameter rawValue: the token's text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// `PlayerToken(redacted)`: the token itself is never printed.
    public var description: String { "PlayerToken(redacted)" }

    /// The `Authorization` header value, `Bearer <token>`.
    var authorizationValue: String { "Bearer " + rawValue }
}
