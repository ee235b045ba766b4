import HTTPTypes
import Hummingbird

extension RiffleResponder {
    /// `GET /api/deck/<id>/events/` (with or without its slash): the token may also come as
    /// `token=` and the resume point as `last_event_id=`, since a browser's `EventSource` cannot
    /// send headers (it does send `Last-Event-ID` itself when it reconnects).
    ///
    /// `HEAD` answers what `GET` would (the same checks of the deck, the token and the resume
    /// point, the same status and head) without opening a stream or changing anything.
    func eventStream(_ request: Request, deckID: String, query: String?, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            throw APIError(status: .methodNotAllowed, message: "The events endpoint takes a GET.")
        }
        let parameters = APIParameters(encoded: query)
        let caller = Caller(authorization: request.headers[.authorization], queryToken: parameters["token"])
        let lastEventID = request.headers[HTTPField.Name("Last-Event-ID")!] ?? parameters["last_event_id"]
        if request.method == .head {
            return try await events.respondToHead(deckID: deckID, caller: caller, lastEventID: lastEventID)
        }
        return try await events.respond(
            deckID: deckID, caller: caller, lastEventID: lastEventID, client: context.clientKey,
            channel: context.channel)
    }
}
