/// Gifts that can be taken back: a giver's most recent gift, while its receiver has not moved.
extension DeckState {
    /// Updates the gifts that can be taken back after a change made by `player`.
    ///
    /// Every gift to `player` is forgotten (the receiver moved), as is every gift whose receiver's
    /// hand is not what it was in `before` (someone else changed it), and every gift from or to a
    /// player no longer seated; then `gift`, when the change was one, becomes its giver's latest.
    ///
    /// - Parameters:
    ///   - player: who made the change, `nil` for nobody in particular.
    ///   - before: the deck before the change.
    ///   - gift: the gift the change made, if it was one.
    public mutating func noteGifts(afterChangeBy player: String?, before: DeckState, gift: TableGift? = nil) {
        guard var table, !(table.gifts.isEmpty && gift == nil) else { return }
        let seated = Set(table.players.map { $0.name })
        table.gifts.removeAll { kept in
            kept.receiver == player || kept.giver == gift?.giver
                // A player who left, or someone seated since under the same name, has no gift to take back.
                || !seated.contains(kept.giver) || !seated.contains(kept.receiver)
                || before.pile(named: kept.receiver)?.cards != pile(named: kept.receiver)?.cards
        }
        if let gift, seated.contains(gift.giver), seated.contains(gift.receiver) {
            table.gifts.append(gift)
        }
        self.table = table
    }

    /// Moves the cards of `giver`'s latest gift back from `receiver`'s hand to the top of
    /// `giver`'s, and forgets the gift.
    ///
    /// - Parameters:
    ///   - giver: the player taking the gift back.
    ///   - receiver: the player it was given to.
    /// - Returns: `false`, changing nothing, when `giver`'s latest gift was not to `receiver`, the
    ///   receiver moved since, or its cards are no longer all in the receiver's hand.
    public mutating func takeBackGift(by giver: String, from receiver: String) -> Bool {
        guard let table, let index = table.gifts.firstIndex(where: { $0.giver == giver && $0.receiver == receiver }),
            isPrivatePile(giver), isPrivatePile(receiver)
        else { return false }
        var deck = self
        do {
            try deck.addToPile(
                named: giver, cards: table.gifts[index].cards, visibleTo: visibility(for: receiver), from: receiver,
                requiringAll: true)
        } catch {
            return false
        }
        deck.table?.gifts.remove(at: index)
        self = deck
        return true
    }
}
