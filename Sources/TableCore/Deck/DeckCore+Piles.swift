import PlayingCards

extension DeckCore {
    /// Adds named cards to a pile, taking each only from a place the caller can see.
    ///
    /// A card in another player's hand is absent for the caller, exactly as one still in the stack
    /// is: it is never taken, moved or reordered. On a plain deck absent cards are ignored, as the
    /// public API ignores cards still in the stack (a watched deck without players is a plain deck
    /// here: watching changes no answer); on a seated deck, or with `from=`, the request is
    /// all or nothing: an absent card answers 404 (the same message wherever it really is) and
    /// nothing changes, so a Take that lost a race hears so.
    package func addToPile(
        _ pile: String, cards: [Card], from source: String?, faceDown: Bool, atBottom: Bool = false, deckID id: String,
        on deck: inout DeckState, player: String?
    ) throws -> APIResponse {
        if let source {
            _ = try deck.existingPile(named: source)
            try Self.checkOwnership(of: source, on: deck, by: player)
        }
        try deck.addToPile(
            named: pile, cards: cards, visibleTo: deck.visibility(for: player), from: source,
            requiringAll: deck.isSeated || source != nil, creatingFaceDown: faceDown, atBottom: atBottom)
        return pileSummary(id, deck, viewer: player)
    }

    /// Throws 403 when `pile` is another player's private hand. (A face-down public pile is anyone's
    /// to draw from, return or shuffle, though nobody sees its cards.)
    package static func checkOwnership(of pile: String, on deck: DeckState, by player: String?) throws(APIError) {
        guard !deck.isPrivatePile(pile) || pile == player else { throw .notYourPile(pile) }
    }
}
