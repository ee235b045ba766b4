/// A player's latest gift of cards to another player, which the giver may still take back
/// (see ``DeckState/takeBackGift(by:from:)``).
///
/// A table keeps at most one gift per giver: the giver's most recent. It is forgotten as soon as
/// the receiver makes any change, or anything changes the receiver's hand, so that taking it back
/// never undoes something the receiver did or saw happen after it.
public struct TableGift: Hashable, Sendable {
    /// The player who gave the cards.
    public let giver: String
    /// The player whose hand the cards went into.
    public let receiver: String
    /// The cards given, in the order they went.
    public let cards: [Card]

    /// Creates a gift.
    ///
    /// - Parameters:
    ///   - giver: the player who gave the cards.
    ///   - receiver: the player whose hand they went into.
    ///   - cards: the cards given.
    public init(giver: String, receiver: String, cards: [Card]) {
        self.giver = giver
        self.receiver = receiver
        self.cards = cards
    }
}
