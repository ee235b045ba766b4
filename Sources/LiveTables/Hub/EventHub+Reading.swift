import DeckStorage
import Logging
import PlayingCards
import TableCore

extension EventHub {
    /// Runs a read the machine asked for: the deck's stored events after the read's point, each
    /// rendered for each of the read's views and framed for the wire. A view that sees no more of
    /// an event than a spectator shares the spectator's frame (`TableEventRenderer/showsMore(of:to:)`):
    /// a change costs one rendering plus one per player it dealt cards to, however many watch it.
    ///
    /// Records store only what changed, so each event's counts come from replaying it on the
    /// counts before it: forwards from what the hub knows after the read's point
    /// (``knownPosition(of:)``), or, when it knows nothing there or the events do not follow on
    /// (trimmed before the hub read them, or a record that does not fit), backwards from the deck as
    /// it is now. Events that cannot be replayed either way are left out (and logged): their
    /// subscribers then see a gap, which ends their streams, and their clients resume from the store.
    ///
    /// - Returns: the rendered events, and whether the read stopped at its limit (more may follow).
    /// - Throws: when the store cannot be read.
    package func readEvents(_ read: Machine.Read) async throws -> (events: [Machine.RenderedEvent], moreMayFollow: Bool)
    {
        let events = try await store.events(deckID: read.deckID, after: read.after, limit: Self.pageSize)
        var steps: [TableEventReplay.Step] = []
        var complete = false
        if let known = knownPosition(of: read.deckID), known.number == read.after {
            (steps, complete) = TableEventReplay.forward(events, from: known.snapshot, at: read.after)
        }
        var moreMayFollow = events.count >= Self.pageSize
        if !complete {
            let replayed = steps.last?.number ?? read.after
            logger.debug("events of deck \(read.deckID) after \(replayed) replay from the deck as it is now")
            guard let deck = try await store.deck(withID: read.deckID) else { return ([], false) }
            let recent = try await TableEventReplay.events(
                of: read.deckID, in: store, after: replayed, through: deck.changeNumber)
            steps += TableEventReplay.backward(recent, to: deck).filter { $0.number > replayed }
            moreMayFollow = false
            if steps.isEmpty, deck.changeNumber == read.after {
                remember(TablePosition(number: read.after, snapshot: TableSnapshot(deck)), of: read.deckID)
            }
        }
        if let last = steps.last {
            remember(TablePosition(number: last.number, snapshot: last.snapshot), of: read.deckID)
        }
        let renderer = TableEventRenderer(cardJSON: cardJSON.current)
        var rendered: [Machine.RenderedEvent] = []
        rendered.reserveCapacity(steps.count)
        for step in steps {
            // Rendered once for spectators; again only for the players who see more of this change.
            let shared = EventStreamConnection.frame(renderer.event(step, deckID: read.deckID, viewer: nil))
            let frames = read.viewers.map { viewer in
                guard let viewer, TableEventRenderer.showsMore(of: step, to: viewer) else { return shared }
                return EventStreamConnection.frame(renderer.event(step, deckID: read.deckID, viewer: viewer))
            }
            rendered.append(
                Machine.RenderedEvent(number: step.number, frames: frames, unseated: step.record.unseatedPlayers))
        }
        return (rendered, moreMayFollow)
    }
}
