/// The answer to joining a live table: who you are now and your token.
///
/// `POST /api/deck/<id>/player/<name>/` answers
/// `{"success": true, "deck_id": …, "player": …, "token": …, "piles": {…}}`. The player's hand is
/// the pile named after the player, now private.
///
/// ```swift
/// let seat = try await client.join(deckID: id, player: "ana")
/// let ana = client.withPlayer(seat.token)
/// ```
public struct JoinResult: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// The player's name, which is also the name of the player's private pile (the hand).
    public var player: String
    /// The player's secret; see ``PlayerToken``.
    public var token: PlayerToken
    /// The name shown to people (the ``player`` name unless one was given); `nil` from servers
    /// that do not send one.
    public var displayName: String? = nil
    /// Every pile of the deck after the join, in creation order.
    public var piles: [PileSummary]

    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none (servers other than `riffle serve`).
    public var changeNumber: Int? = nil
    /// Creates a result.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player's name.
    ///   - token: the player's token.
    ///   - piles: every pile, in creation order.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(deckID: String, player: String, token: PlayerToken, piles: [PileSummary], changeNumber: Int? = nil) {
        self.deckID = deckID
        self.player = player
        self.token = token
        self.piles = piles
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case player, token, piles
        case displayName = "display_name"
    }

    /// Decodes the answer.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deckID = try container.decode(String.self, forKey: .deckID)
        player = try container.decode(String.self, forKey: .player)
        token = PlayerToken(try container.decode(String.self, forKey: .token))
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        piles = try PileSummary.decodePiles(from: container, forKey: .piles, decoder: decoder)
    }
}
