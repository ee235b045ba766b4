/// The cards a main-deck draw dealt: `success, deck_id, cards, remaining`.
///
/// Asking for more cards than remain is not an exception in the API: it answers
/// `success: false` with an error message, **deals every remaining card**, and reports
/// `remaining: 0`. The client keeps that answer: ``cards`` holds the cards that were dealt and
/// ``shortfall`` the server's message, so no dealt card is lost.
///
/// ```swift
/// let draw = try await client.draw(deckID: id, count: 60)
/// if let shortfall = draw.shortfall {
///     print(shortfall)                  // "Not enough cards remaining to draw 8 additional"
/// }
/// print(draw.cards.count)               // 52
/// ```
///
/// The list of drawn cards (``DeckOfCardsClient/drawnCards(deckID:)``) has the same shape.
public struct DrawResult: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// The cards dealt, in the order they came off the stack.
    public var cards: [CardInfo]
    /// How many cards are left in the stack.
    public var remaining: Int
    /// The server's message when fewer cards than asked for were dealt (`success: false`), else `nil`.
    public var shortfall: String?

    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none (servers other than `riffle serve`).
    public var changeNumber: Int? = nil
    /// Creates a result.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - cards: the cards dealt.
    ///   - remaining: cards left in the stack.
    ///   - shortfall: the server's message for a short draw.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(deckID: String, cards: [CardInfo], remaining: Int, shortfall: String? = nil, changeNumber: Int? = nil) {
        self.deckID = deckID
        self.cards = cards
        self.remaining = remaining
        self.shortfall = shortfall
        self.changeNumber = changeNumber
    }

    /// Whether every card asked for was dealt.
    public var isComplete: Bool { shortfall == nil }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case cards, remaining
        case shortfall = "error"
    }

    /// Decodes the draw answer, successful or short.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deckID = try container.decode(String.self, forKey: .deckID)
        cards = try container.decode([CardInfo].self, forKey: .cards)
        remaining = try container.decode(Int.self, forKey: .remaining)
        shortfall = try container.decodeIfPresent(String.self, forKey: .shortfall)
    }
}
