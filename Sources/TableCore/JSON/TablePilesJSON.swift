import PlayingCards

/// The `piles` object of every answer and of `hello` events, as one caller may see it.
package enum TablePilesJSON {
    /// `{"name": {"remaining": n}, …}` in creation order, with `cards` for the listed pile only.
    /// On a live table a player's hand also has `"private": true`, and lists its `cards` to that
    /// player always and to nobody else ever. A face-down pile has `"face": "down"` and never lists
    /// its cards (a face-up pile has no `face` key, as in the public API).
    ///
    /// - Parameters:
    ///   - deck: the deck.
    ///   - listing: the pile whose cards are listed (pile `list`), if any.
    ///   - viewer: the caller's player name, `nil` for a spectator.
    ///   - cardJSON: the card objects.
    package static func piles(_ deck: DeckState, listing: String? = nil, viewer: String?, cardJSON: CardJSON) -> String
    {
        var piles = JSONObjectWriter()
        let visibility = deck.visibility(for: viewer)
        for pile in deck.piles {
            var entry = JSONObjectWriter()
            entry.add("remaining", int: pile.remaining)
            if visibility.privatePiles.contains(pile.name) {
                entry.add("private", bool: true)
                if visibility.canSeePile(pile.name) { entry.add("cards", json: cardJSON.array(pile.cards)) }
            } else if pile.isFaceDown {
                entry.add("face", string: "down")
            } else if pile.name == listing {
                entry.add("cards", json: cardJSON.array(pile.cards))
            }
            piles.add(dynamicKey: pile.name, json: entry.finished())
        }
        return piles.finished()
    }
}
