import Foundation

/// One page of a table's history (``DeckOfCardsClient/history(deckID:after:limit:round:)``): stored events, each as
/// the client's event stream showed it; with a round asked for, that round's events and what is known of it.
public struct TableHistoryPage: Hashable, Sendable {
    /// The deck's change number when the page was read.
    public var changeNumber: Int
    /// The player the history is shown to, `nil` for a spectator.
    public var viewer: String?
    /// The events, in number order.
    public var events: [DeckEvent]
    /// Whether events after the last one here are kept: read on with `after` set to its ``DeckEvent/id``.
    public var hasMore: Bool
    /// For a page of one round's history: the round, the cards its commitment covers and, once its seed is
    /// revealed, what happened to the stack. `nil` for a page of the whole history.
    public var round: RoundRecord? = nil

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - changeNumber: the deck's change number.
    ///   - viewer: the player it is shown to, if any.
    ///   - events: the events.
    ///   - hasMore: whether more follow.
    ///   - round: for a page of one round's history, the round's record.
    public init(changeNumber: Int, viewer: String?, events: [DeckEvent], hasMore: Bool, round: RoundRecord? = nil) {
        self.changeNumber = changeNumber
        self.viewer = viewer
        self.events = events
        self.hasMore = hasMore
        self.round = round
    }
}

extension DeckRequest {
    /// A page of a table's history, Riffle's `GET /api/deck/<id>/history/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - after: only events numbered above this.
    ///   - limit: the most events on the page (1 to 100; the server's default, 50, when `nil`).
    ///   - round: only this round's events, with the round's record (`round=N`); `nil` for the whole history.
    /// - Returns: the request.
    public static func history(deckID: String, after: Int, limit: Int?, round: Int? = nil) -> DeckRequest {
        var parameters = [URLQueryItem(name: "after", value: String(after))]
        if let limit { parameters.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let round { parameters.append(URLQueryItem(name: "round", value: String(round))) }
        return DeckRequest(pathSegments: ["deck", deckID, "history"], parameters: parameters, changesState: false)
    }
}

extension DeckOfCardsClient {
    /// One page of a table's history: its stored events numbered above `after`, each shown to this client exactly as
    /// its event stream showed it (a player sees moves into their own hand; a spectator counts).
    ///
    /// With `round`, only that round's events (from the full shuffle that started it to the next one), and the
    /// page's ``TableHistoryPage/round`` describes the round: what ``verify(deckID:round:)`` checks.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - after: only events numbered above this (0: from the oldest the server keeps).
    ///   - limit: the most events on the page, 1 to 100 (`nil`: the server's default, 50).
    ///   - round: only this round's events, 1 or more; `nil` for the whole history.
    /// - Returns: the page.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/serverRejected`` for a bad `after`, `limit` or `round`
    ///   (400), ``DeckClientError/Code/unauthorized`` for a token that names no player of the deck (401),
    ///   ``DeckClientError/Code/roundNotFound`` for a round never played or no longer kept (404).
    public func history(
        deckID: String, after: Int = 0, limit: Int? = nil, round: Int? = nil
    ) async throws -> TableHistoryPage {
        let request = DeckRequest.history(deckID: deckID, after: after, limit: limit, round: round)
        return try Self.decodeHistory(from: try await send(request), for: request)
    }

    /// Decodes a raw answer to a ``DeckRequest/history(deckID:after:limit:round:)`` request, as
    /// ``history(deckID:after:limit:round:)`` does (for callers that keep the raw body too, such as the CLI's
    /// `--json`).
    ///
    /// - Parameters:
    ///   - response: the raw response.
    ///   - request: the request it answers.
    /// - Returns: the page.
    /// - Throws: ``DeckClientError``: the server's error, or a decoding error.
    public static func decodeHistory(from response: HTTPResponse, for request: DeckRequest) throws -> TableHistoryPage {
        // The API's error shape becomes a thrown error here, as for every other answer.
        let head: HistoryHead
        do {
            head = try decode(HistoryHead.self, from: response, for: request)
        } catch var error as DeckClientError
            where error.code == .serverRejected && error.httpStatus == 404
            && request.parameters.contains(where: { $0.name == "round" })
        {
            // The deck exists (else the error would be `deckNotFound`): the round does not.
            error.code = .roundNotFound
            throw error
        }
        return try historyPage(head, body: response.body)
    }

    /// Every event of a table's history the server keeps, read a page at a time.
    ///
    /// - Parameter deckID: the deck id.
    /// - Returns: the events, in number order.
    /// - Throws: ``DeckClientError``, as ``history(deckID:after:limit:round:)``.
    public func wholeHistory(deckID: String) async throws -> [DeckEvent] {
        var events: [DeckEvent] = []
        var after = 0
        while true {
            let page = try await history(deckID: deckID, after: after, limit: 100)
            events += page.events
            guard page.hasMore, let last = page.events.last?.id, last > after else { return events }
            after = last
        }
    }

    /// What a history page says besides its events' data.
    struct HistoryHead: Decodable, Sendable {
        struct Event: Decodable, Sendable {
            let id: Int
            let event: String
        }
        let changeNumber: Int
        let viewer: String?
        let events: [Event]
        let more: Bool
        let round: RoundRecord?
        enum CodingKeys: String, CodingKey {
            case changeNumber = "change_number"
            case viewer, events, more, round
        }
    }

    /// Reads a history page: each event's data is decoded as a stream event's, from its own JSON text (which keeps
    /// the order of its piles).
    static func historyPage(_ head: HistoryHead, body: Data) throws -> TableHistoryPage {
        guard let data = JSONKeyOrder.rawValues(of: "data", inElementsOf: "events", in: body),
            data.count == head.events.count
        else {
            throw DeckClientError(code: .decodingFailed, message: "The history's events could not be read.")
        }
        var events: [DeckEvent] = []
        events.reserveCapacity(head.events.count)
        for (event, json) in zip(head.events, data) {
            guard let json else {
                throw DeckClientError(code: .decodingFailed, message: "History event \(event.id) has no data.")
            }
            events.append(
                try DeckEvent(
                    ServerSentEvent(
                        type: event.event, data: String(decoding: json, as: UTF8.self),
                        lastEventID: String(event.id))))
        }
        return TableHistoryPage(
            changeNumber: head.changeNumber, viewer: head.viewer, events: events, hasMore: head.more, round: head.round)
    }
}
