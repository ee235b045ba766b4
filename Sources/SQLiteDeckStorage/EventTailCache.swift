/// What the writer knows of live tables' tails (their latest events, kept in each deck's row; see
/// `SQLiteEventLog`), so that a change appends to its deck's tail without reading it back.
///
/// Only the write queue's batches use it, one at a time, and every write of a tail goes through
/// it, so what it holds is what the file holds once the batch commits. A batch that fails forgets
/// everything (its transaction rolled back), and so does deleting decks; a deck it does not know
/// is read from the file. It holds at most ``capacity`` tails and starts over when full.
struct EventTailCache {
    /// The most tails kept: at most ``SQLiteEventLog/tailCapacity`` bytes each, 25 MB in all.
    static let capacity = 50_000

    private var tails: [String: [UInt8]] = [:]

    /// The deck's tail (its events, without the slot's padding), or `nil` when not known.
    func tail(of deckID: String) -> [UInt8]? {
        tails[deckID]
    }

    /// Records the deck's tail as its row now holds it (the events, without padding).
    mutating func remember(_ tail: [UInt8], of deckID: String) {
        if tails.count >= Self.capacity, tails[deckID] == nil { tails.removeAll(keepingCapacity: true) }
        tails[deckID] = tail
    }

    /// Forgets every tail.
    mutating func removeAll() {
        tails.removeAll()
    }
}
