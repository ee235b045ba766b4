import DeckStorage
import PlayingCards
import TableCore

extension DeckAPI {
    /// `GET /api/deck/<id>/history/?after=<n>&limit=<m>`: the deck's stored events numbered above `after` (0 by
    /// default), at most `limit` (1…100, 50 by default), each shown to the caller as their event stream showed it
    /// (`TableHistory`). A read: it changes nothing, and a refused request (a bad parameter or token) learns
    /// nothing of the deck.
    func history(deckID id: String, _ parameters: APIParameters, caller: Caller) async throws -> APIResponse {
        let after = try Self.historyBound("after", parameters, default: 0, range: 0...Int.max)
        let limit = try Self.historyBound(
            "limit", parameters, default: TableHistory.defaultPageSize, range: 1...TableHistory.maximumPageSize)
        guard DeckID.isWellFormed(id) else { throw APIError.unknownDeck }
        let deck = try await existingDeck(id)
        let viewer = try caller.player(on: deck)
        var entries: [TableHistory.Entry] = []
        if Int64(after) < deck.changeNumber {
            let events = try await TableEventReplay.events(
                of: id, in: store, after: Int64(after), through: deck.changeNumber)
            let steps = TableEventReplay.backward(events, to: deck)
            entries = TableHistory.entries(
                steps, after: Int64(after), limit: limit, deckID: id, viewer: viewer,
                renderer: TableEventRenderer(cardJSON: cardJSON.current))
        }
        return TableHistory.answer(entries, deckID: id, changeNumber: deck.changeNumber, viewer: viewer)
    }

    /// A whole-number parameter of the history, `fallback` when absent; out of `range` is a `400` naming it.
    private static func historyBound(
        _ name: String, _ parameters: APIParameters, default fallback: Int, range: ClosedRange<Int>
    ) throws -> Int {
        guard parameters[name] != nil else { return fallback }
        let value = try parameters.integer(name)
        guard range.contains(value) else {
            let bound = range.upperBound == Int.max ? " or more" : " to " + String(range.upperBound)
            throw APIError.badRequest(
                "The parameter '" + name + "' must be " + String(range.lowerBound) + bound + ", got " + String(value)
                    + ".")
        }
        return value
    }
}
