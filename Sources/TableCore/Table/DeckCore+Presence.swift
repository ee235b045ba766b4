import DeckStorage
import PlayingCards

extension DeckCore {
    /// Records that server `server` holds, or no longer holds, one of a player's streams open.
    ///
    /// When that makes the player come online or go offline, it is a change of the deck (its
    /// change number, and a `presence` event whose data carries the `player`, `online` and the
    /// `players`). A hold that leaves the player as online as before (another server, or this one,
    /// held them already) is written without a change number or an event: nobody can see it.
    /// Nothing changes when the player is not seated with that token.
    ///
    /// - Returns: the event to store with the change, or `nil` when nobody sees a change.
    package static func recordPresence(
        of player: String, tokenHash: [UInt8], held: Bool, by server: UInt64, deckID: String, on deck: inout DeckState
    ) -> StoredDeckEvent? {
        let before = deck
        var working = deck
        let flipped =
            held
            ? working.holdPresence(of: player, tokenHash: tokenHash, by: server)
            : working.releasePresence(of: player, tokenHash: tokenHash, by: server)
        guard flipped else {
            deck = working
            return nil
        }
        let number = working.countChange()
        let record = TableEventRecord(
            kind: TableEventKind.presence.rawValue, player: player, before: before, after: working, moves: [])
        deck = working
        return StoredDeckEvent(deckID: deckID, number: number, payload: record.encoded())
    }
}
