import DeckStorage

extension EventHub {
    /// Runs a read the machine asked for: the deck's stored events after the read's point, each
    /// rendered once for each of the read's views and framed for the wire.
    ///
    /// An event whose record cannot be decoded is left out (and logged): its subscribers then see
    /// a gap, which ends their streams, and their clients resume from the store.
    ///
    /// - Returns: the rendered events, and whether the read stopped at its limit (more may follow).
    /// - Throws: when the store cannot be read.
    func readEvents(_ read: Machine.Read) async throws -> (events: [Machine.RenderedEvent], moreMayFollow: Bool) {
        let events = try await store.events(deckID: read.deckID, after: read.after, limit: Self.pageSize)
        let renderer = TableEventRenderer(cardJSON: cardJSON.current)
        var rendered: [Machine.RenderedEvent] = []
        rendered.reserveCapacity(events.count)
        for event in events {
            guard let record = TableEventRecord.decode(event.payload) else {
                logger.error("event \(event.number) of deck \(read.deckID) cannot be decoded")
                continue
            }
            let frames = read.viewers.map { viewer in
                EventStreamConnection.frame(
                    renderer.event(record, number: event.number, deckID: read.deckID, viewer: viewer))
            }
            rendered.append(Machine.RenderedEvent(number: event.number, frames: frames))
        }
        return (rendered, events.count >= Self.pageSize)
    }
}
