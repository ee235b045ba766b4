/// The answer to removing a player from a live table, or to leaving it:
/// `DELETE /api/deck/<id>/player/<name>/` answers
/// `{"success": true, "deck_id": …, "player": …, "remaining": …, "piles": {…}}`.
///
/// The player's hand was shuffled face down into the stack, their pile is gone and their token
/// no longer works. When the host leaves, the next player in seat order hosts.
///
/// ```swift
/// let left = try await ana.leave(deckID: id, player: "ana")
/// left.piles[named: "ana"]                 // nil: the hand is gone
/// ```
public struct LeaveResult: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// The player who was removed.
    public var player: String
    /// How many cards are in the stack now, the hand's cards included.
    public var remaining: Int
    /// Every pile of the deck after the removal, in creation order.
    public var piles: [PileSummary]
    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none.
    public var changeNumber: Int? = nil

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - player: the player removed.
    ///   - remaining: cards in the stack.
    ///   - piles: every pile after the removal.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(deckID: String, player: String, remaining: Int, piles: [PileSummary], changeNumber: Int? = nil) {
        self.deckID = deckID
        self.player = player
        self.remaining = remaining
        self.piles = piles
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case player, remaining, piles
    }

    /// Decodes the answer.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deckID = try container.decode(String.self, forKey: .deckID)
        player = try container.decode(String.self, forKey: .player)
        remaining = try container.decode(Int.self, forKey: .remaining)
        piles = try PileSummary.decodePiles(from: container, forKey: .piles, decoder: decoder)
    }
}
