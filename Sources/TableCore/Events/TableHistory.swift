import PlayingCards

/// A table's history: its stored events, each shown to the viewer exactly as that viewer's event stream showed it,
/// a page at a time (`GET /api/deck/<id>/history/`).
///
/// The frames come from the same renderer, on the same replayed counts, as a stream's and a resumed stream's, so
/// a viewer's history equals what the viewer's stream showed: a player sees the cards of moves into their own hand,
/// everyone else counts. A player's view starts with their current seat (``viewer(of:for:)``): what happened before
/// it is shown as a spectator sees it, since a player of the same name who sat there earlier was someone else, and
/// a departed player's token no longer names anyone.
///
/// The history covers the events the store keeps (at least the last 1,000 changes of a deck, and every change of
/// a deck younger than that); a deck without players or watchers records none.
package enum TableHistory {
    /// The most events one page holds.
    package static let maximumPageSize = 100
    /// The events a page holds when the request does not say.
    package static let defaultPageSize = 50

    /// One event as the viewer is shown it.
    package struct Entry: Sendable, Equatable {
        /// The event's number: the deck's change number after it.
        package let number: Int64
        /// Its kind, as its `event:` line names it.
        package let kind: String
        /// Its data, the JSON object its `data:` line carries.
        package let data: String
    }

    /// The viewer to show `steps` to: `viewer` for the steps after the last one that left them unseated (their
    /// current seat began there), a spectator (`nil`) for that step and the ones before it.
    ///
    /// - Parameters:
    ///   - steps: replayed steps, in number order, ending with the deck's latest change.
    ///   - viewer: the player asking, `nil` for a spectator.
    /// - Returns: the number after which the viewer is shown as themselves (0 when they were seated throughout).
    package static func viewer(of steps: [TableEventReplay.Step], for viewer: String?) -> Int64 {
        viewer.flatMap { name in steps.last { !$0.snapshot.players.contains(name) }?.number } ?? 0
    }

    /// The entries of `steps` numbered above `after`, at most `limit` of them, as `viewer` is shown them; only those
    /// numbered within `numbers` when given (a round's).
    package static func entries(
        _ steps: [TableEventReplay.Step], after: Int64, limit: Int, deckID: String, viewer: String?,
        renderer: TableEventRenderer, within numbers: ClosedRange<Int64>? = nil
    ) -> [Entry] {
        let seatedAfter = Self.viewer(of: steps, for: viewer)
        var entries: [Entry] = []
        for step in steps where step.number > after && numbers?.contains(step.number) != false {
            guard entries.count < limit else { break }
            let shown = renderer.eventParts(step, deckID: deckID, viewer: step.number > seatedAfter ? viewer : nil)
            entries.append(Entry(number: step.number, kind: shown.kind, data: shown.data))
        }
        return entries
    }

    /// The history page's answer: `{"success", "deck_id", "change_number", "events": [{"id", "event", "data"}],
    /// "more"}`, with `viewer` when a player asks. `more` says whether events after the page's last are kept (of the
    /// round, for a round's page, which adds `round`: ``TableRoundHistory/json()``).
    package static func answer(
        _ entries: [Entry], deckID: String, changeNumber: Int64, viewer: String?, round: TableRoundHistory? = nil
    ) -> APIResponse {
        var events: [String] = []
        events.reserveCapacity(entries.count)
        for entry in entries {
            var event = JSONObjectWriter(capacity: entry.data.utf8.count + 48)
            event.add("id", int: Int(entry.number))
            event.add("event", string: entry.kind)
            event.add("data", json: entry.data)
            events.append(event.finished())
        }
        var body = JSONObjectWriter(capacity: 128 + events.reduce(0) { $0 + $1.utf8.count + 1 })
        body.add("success", bool: true)
        body.add("deck_id", string: deckID)
        body.add("change_number", int: Int(changeNumber))
        if let viewer { body.add("viewer", string: viewer) }
        body.add("events", json: "[" + events.joined(separator: ",") + "]")
        let last = round?.numbers.upperBound ?? changeNumber
        body.add("more", bool: (entries.last?.number ?? last) < last)
        if let round { body.add("round", json: round.json()) }
        return APIResponse(json: body.finished(), changeNumber: changeNumber)
    }
}
