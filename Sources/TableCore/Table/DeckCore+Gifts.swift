import HTTPTypes
import PlayingCards

/// Taking a gift back (`POST /api/deck/<id>/player/<name>/take-back/`): the giver's latest gift to
/// a player goes back into the giver's hand, in one change and one `pile_add` event, while that
/// player has made no change since and the cards are all still in their hand.
///
/// Whatever stopped it (the receiver played, drew, passed the turn, or their hand changed), the
/// refusal is the same 409 with the same words, so a giver learns nothing from it that the public
/// events did not already show.
extension DeckCore {
    /// Moves the caller's latest gift to `receiver` back into the caller's hand.
    ///
    /// - Throws: ``APIError/giftGone(_:)`` (409) when it can no longer be taken back.
    package func takeBackGift(from receiver: String, on deck: inout DeckState, player: String?) throws(APIError) {
        guard let player, deck.takeBackGift(by: player, from: receiver) else { throw .giftGone(receiver) }
    }

    /// The gift a change made: cards moved from the caller's own hand (`from=` the caller) into
    /// another player's, by `pile/<player>/add/`.
    package static func gift(
        of request: DeckOperation, by player: String?, before: DeckState, after: DeckState
    ) -> TableGift? {
        guard case .addToPile(let pile, let cards, let source, _, _) = request, let player, source == player,
            pile != player, after.isPrivatePile(pile), !cards.isEmpty
        else { return nil }
        return TableGift(giver: player, receiver: pile, cards: cards)
    }
}

extension APIError {
    /// The one refusal of a take-back, whatever the receiver did.
    package static func giftGone(_ receiver: String) -> APIError {
        APIError(
            status: .conflict, message: "The gift can no longer be taken back: " + receiver + " has moved since.")
    }
}
