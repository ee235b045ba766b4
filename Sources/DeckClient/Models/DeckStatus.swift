/// A deck's state as new-deck, deck-info and reshuffle answer it: `success, deck_id, remaining, shuffled`.
///
/// ```swift
/// let deck = try await client.newDeck(shuffled: true)
/// print(deck.deckID, deck.remaining)     // "k3v9q2x8m1ab" 52
/// ```
public struct DeckStatus: Hashable, Sendable, Decodable {
    /// The deck id: 12 characters of `[a-z0-9]`.
    public var deckID: String
    /// How many cards are left in the stack (not drawn, not in a pile).
    public var remaining: Int
    /// Whether the deck has been shuffled.
    public var shuffled: Bool
    /// On a deck with players, its latest round (see ``RoundStatus``): in deck info once the host has shuffled the
    /// whole deck, and in a full reshuffle's answer, the round it started. `nil` otherwise.
    public var round: RoundStatus? = nil

    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none (servers other than `riffle serve`).
    public var changeNumber: Int? = nil
    /// Creates a status.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - remaining: cards left in the stack.
    ///   - shuffled: whether the deck is shuffled.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(deckID: String, remaining: Int, shuffled: Bool, changeNumber: Int? = nil) {
        self.deckID = deckID
        self.remaining = remaining
        self.shuffled = shuffled
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case remaining, shuffled, round
    }
}

/// The answer to returning drawn cards to the deck: `success, deck_id, remaining`.
public struct ReturnResult: Hashable, Sendable, Decodable {
    /// The deck id.
    public var deckID: String
    /// How many cards are in the stack after the return.
    public var remaining: Int

    /// The deck's change number after this answer (its `ETag`): send it as ``ChangeOptions/ifMatch``
    /// so that a change is made only if nobody changed the deck since. `nil` when the server sends
    /// none (servers other than `riffle serve`).
    public var changeNumber: Int? = nil
    /// Creates a result.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - remaining: cards in the stack.
    ///   - changeNumber: the deck's change number after the answer, if known.
    public init(deckID: String, remaining: Int, changeNumber: Int? = nil) {
        self.deckID = deckID
        self.remaining = remaining
        self.changeNumber = changeNumber
    }

    private enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case remaining
    }
}
