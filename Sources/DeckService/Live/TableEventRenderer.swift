import PlayingCards

/// Writes Server-Sent Events for one subscriber, showing only what that subscriber may see.
///
/// A moved card is listed when the subscriber may see where it went (a public pile, the drawn
/// cards, or the subscriber's own hand); for a card that went back into the stack, when the
/// subscriber could see where it came from. Piles show their counts only, with `"private": true`
/// for players' hands.
struct TableEventRenderer: Sendable {
    let cardJSON: CardJSON

    /// One event in the `text/event-stream` format.
    ///
    /// - Parameters:
    ///   - step: the stored record, with the table's counts right after it, and its number (the
    ///     event's `id:`).
    ///   - deckID: the deck.
    ///   - viewer: the subscriber's player name, `nil` for a spectator.
    func event(_ step: TableEventReplay.Step, deckID: String, viewer: String?) -> String {
        let record = step.record
        let snapshot = step.snapshot
        let players = Set(snapshot.players)
        func canSee(_ location: CardLocation) -> Bool {
            switch location {
            case .stack: false
            case .drawn: true
            case .pile(let name): name == viewer || !players.contains(name)
            }
        }
        var data = JSONObjectWriter(capacity: 512)
        data.add("deck_id", string: deckID)
        data.add("remaining", int: snapshot.remaining)
        var piles = JSONObjectWriter()
        for pile in snapshot.piles {
            var entry = JSONObjectWriter()
            entry.add("remaining", int: pile.remaining)
            if players.contains(pile.name) { entry.add("private", bool: true) }
            piles.add(dynamicKey: pile.name, json: entry.finished())
        }
        data.add("piles", json: piles.finished())
        var moved: [String] = []
        for move in record.moves {
            var entry = JSONObjectWriter()
            entry.add("from", string: move.from.eventName)
            entry.add("to", string: move.to.eventName)
            entry.add("count", int: move.cards.count)
            let visible = move.to == .stack ? canSee(move.from) : canSee(move.to)
            if visible { entry.add("cards", json: cardJSON.array(move.cards)) }
            moved.append(entry.finished())
        }
        data.add("moved", json: jsonArray(moved))
        if let player = record.player { data.add("player", string: player) }
        return Self.frame(id: step.number, event: record.kind, data: data.finished())
    }

    /// One SSE frame: `id:`, `event:` and a one-line `data:`, then a blank line.
    static func frame(id: Int64, event: String, data: String) -> String {
        "id: " + String(id) + "\nevent: " + event + "\ndata: " + data + "\n\n"
    }
}
