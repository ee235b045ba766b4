import Foundation

/// A deck as the caller may see it now: what a `412 Precondition Failed` answer carries when a
/// change's `If-Match` no longer matched (see ``DeckClientError/currentDeck``).
///
/// ```swift
/// catch let error as DeckClientError where error.code == .preconditionFailed {
///     let deck = error.currentDeck                     // the deck now: its stack, its piles
///     print(deck?.changeNumber ?? 0, deck?.remaining ?? 0)
/// }
/// ```
public struct DeckSnapshot: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// How many cards are left in the stack.
    public var remaining: Int
    /// Every pile, in creation order, as the caller may see it (a hand the caller may not see has
    /// no ``PileSummary/cards``); empty when the answer lists none.
    public var piles: [PileSummary]
    /// The deck's change number now (the answer's `ETag`), to send as the next `If-Match`; `nil`
    /// when the answer had none.
    public var changeNumber: Int?

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - remaining: cards left in the stack.
    ///   - piles: every pile.
    ///   - changeNumber: the change number, if known.
    public init(deckID: String, remaining: Int, piles: [PileSummary] = [], changeNumber: Int? = nil) {
        self.deckID = deckID
        self.remaining = remaining
        self.piles = piles
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case remaining, piles
    }

    /// Decodes the answer's body (the change number comes from its head).
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deckID = try container.decode(String.self, forKey: .deckID)
        remaining = try container.decode(Int.self, forKey: .remaining)
        piles =
            container.contains(.piles)
            ? try PileSummary.decodePiles(from: container, forKey: .piles, decoder: decoder) : []
        changeNumber = nil
    }
}

extension HTTPResponse {
    /// The deck's change number this answer carries in its `ETag` (`"12"`, or weak `W/"12"`),
    /// or `nil` when it has none.
    public var changeNumber: Int? {
        guard var tag = headerValue("ETag")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        return Int(tag.dropFirst().dropLast())
    }
}
