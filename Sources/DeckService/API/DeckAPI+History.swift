import DeckStorage
import HTTPTypes
import PlayingCards
import TableCore

extension DeckAPI {
    /// `GET /api/deck/<id>/history/?after=<n>&limit=<m>`: the deck's stored events numbered above `after` (0 by
    /// default), at most `limit` (1…100, 50 by default), each shown to the caller as their event stream showed it
    /// (`TableHistory`). A read: it changes nothing, and a refused request (a bad parameter or token) learns
    /// nothing of the deck.
    ///
    /// With `round=<n>` (1 or more), only round `n`'s events, and the page adds `round`: its commitment, the cards it
    /// covers and, once revealed, its seed and the steps of its stack (`TableRoundHistory`); a round whose starting
    /// event is not kept (or that never started) is a `404`.
    func history(deckID id: String, _ parameters: APIParameters, caller: Caller) async throws -> APIResponse {
        let after = try Self.historyBound("after", parameters, default: 0, range: 0...Int.max)
        let limit = try Self.historyBound(
            "limit", parameters, default: TableHistory.defaultPageSize, range: 1...TableHistory.maximumPageSize)
        let roundNumber =
            parameters["round"] == nil
            ? nil
            : try Self.historyBound(
                "round", parameters, default: 1, range: 1...Int(Int32.max))
        guard DeckID.isWellFormed(id) else { throw APIError.unknownDeck }
        let deck = try await existingDeck(id)
        let viewer = try caller.player(on: deck)
        var entries: [TableHistory.Entry] = []
        var round: TableRoundHistory?
        // A round's page reads every kept event: where the round starts and whether it was revealed.
        let from = roundNumber == nil ? Int64(after) : 0
        if from < deck.changeNumber {
            let events = try await TableEventReplay.events(of: id, in: store, after: from, through: deck.changeNumber)
            let steps = TableEventReplay.backward(events, to: deck)
            if let roundNumber {
                round = TableRoundHistory(round: roundNumber, in: steps, changeNumber: deck.changeNumber)
            }
            entries = TableHistory.entries(
                steps, after: Int64(after), limit: limit, deckID: id, viewer: viewer,
                renderer: TableEventRenderer(cardJSON: cardJSON.current), within: round?.numbers)
        }
        if let roundNumber, round == nil { throw APIError.roundNotKept(roundNumber) }
        return TableHistory.answer(entries, deckID: id, changeNumber: deck.changeNumber, viewer: viewer, round: round)
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

extension APIError {
    /// A round the history does not hold.
    static func roundNotKept(_ number: Int) -> APIError {
        APIError(
            status: .notFound,
            message: "This table's history holds no round " + String(number)
                + ": it has not started, or its events are no longer kept.")
    }
}
