/// The answer to a face-down deal, `/api/deck/<id>/pile/<name>/deal/`.
///
/// The dealt ``cards`` are listed only when the pile is public or belongs to the player the
/// client acts as; dealing into another player's hand tells you how many cards moved, never which.
///
/// ```swift
/// let deal = try await ana.deal(deckID: id, pile: "bo", count: 5)
/// deal.cards                               // nil: Bo's hand is private
/// deal.piles[named: "bo"]?.remaining       // 5
/// ```
public struct DealResult: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// How many cards are left in the deck's stack.
    public var remaining: Int
    /// Every pile of the deck after the deal, in creation order.
    public var piles: [PileSummary]
    /// The cards dealt, when this client may see them; otherwise `nil`.
    public var cards: [CardInfo]?

    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none (servers other than `riffle serve`).
    public var changeNumber: Int? = nil
    /// Creates a result.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - remaining: cards left in the stack.
    ///   - piles: every pile after the deal.
    ///   - cards: the dealt cards, when visible.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(
        deckID: String, remaining: Int, piles: [PileSummary], cards: [CardInfo]? = nil, changeNumber: Int? = nil
    ) {
        self.deckID = deckID
        self.remaining = remaining
        self.piles = piles
        self.cards = cards
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case remaining, piles, cards
    }

    /// Decodes the answer.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deckID = try container.decode(String.self, forKey: .deckID)
        remaining = try container.decode(Int.self, forKey: .remaining)
        piles = try PileSummary.decodePiles(from: container, forKey: .piles, decoder: decoder)
        cards = try container.decodeIfPresent([CardInfo].self, forKey: .cards)
    }
}
