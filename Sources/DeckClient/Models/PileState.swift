/// The answer of pile add, list, shuffle and return: `success, deck_id, remaining, piles`.
///
/// ```swift
/// let state = try await client.listPile(deckID: id, pile: "discard")
/// for pile in state.piles { print(pile.name, pile.remaining) }
/// state.piles[named: "discard"]?.cards      // bottom to top
/// ```
public struct PileState: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// How many cards are left in the deck's stack.
    public var remaining: Int
    /// Every pile of the deck, in creation order.
    public var piles: [PileSummary]

    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none (servers other than `riffle serve`).
    public var changeNumber: Int? = nil
    /// Creates a state.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - remaining: cards left in the stack.
    ///   - piles: every pile, in creation order.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(deckID: String, remaining: Int, piles: [PileSummary], changeNumber: Int? = nil) {
        self.deckID = deckID
        self.remaining = remaining
        self.piles = piles
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case remaining, piles
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
    }
}

/// The answer of a pile draw: `success, deck_id, cards, piles`.
///
/// Unlike every other answer, a pile draw has no top-level `remaining`; ``remaining`` is `nil`
/// unless a server adds it.
public struct PileDrawResult: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// The cards taken from the pile (from the top: in pile order, bottom-most first).
    public var cards: [CardInfo]
    /// Every pile of the deck after the draw, in creation order.
    public var piles: [PileSummary]
    /// The deck's remaining count, which the API does not send for pile draws.
    public var remaining: Int?

    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none (servers other than `riffle serve`).
    public var changeNumber: Int? = nil
    /// Creates a result.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - cards: the cards taken.
    ///   - piles: every pile after the draw.
    ///   - remaining: the deck's remaining count, when sent.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(
        deckID: String, cards: [CardInfo], piles: [PileSummary], remaining: Int? = nil, changeNumber: Int? = nil
    ) {
        self.deckID = deckID
        self.cards = cards
        self.piles = piles
        self.remaining = remaining
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case cards, piles, remaining
    }

    /// Decodes the answer.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deckID = try container.decode(String.self, forKey: .deckID)
        cards = try container.decode([CardInfo].self, forKey: .cards)
        piles = try PileSummary.decodePiles(from: container, forKey: .piles, decoder: decoder)
        remaining = try container.decodeIfPresent(Int.self, forKey: .remaining)
    }
}
