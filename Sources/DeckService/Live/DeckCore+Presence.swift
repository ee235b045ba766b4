import DeckStorage
import PlayingCards

extension DeckCore {
    /// Records a player as online or offline: a change of the deck (its change number, and a
    /// `presence` event whose data carries the `player`, `online` and the `players`). Nothing
    /// changes when the player is not seated or is already recorded so.
    ///
    /// - Returns: the event to store with the change, or `nil` when nothing changed.
    static func recordPresence(
        of player: String, online: Bool, deckID: String, on deck: inout DeckState
    ) -> StoredDeckEvent? {
        guard let seated = deck.table?.player(named: player), seated.online != online else { return nil }
        var working = deck
        do {
            try working.setOnline(player: player, online)
        } catch {
            return nil
        }
        let before = deck
        let number = working.countChange()
        let record = TableEventRecord(kind: "presence", player: player, before: before, after: working, moves: [])
        deck = working
        return StoredDeckEvent(deckID: deckID, number: number, payload: record.encoded())
    }
}
