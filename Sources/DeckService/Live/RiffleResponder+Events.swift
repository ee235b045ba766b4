import HTTPTypes
import Hummingbird

extension RiffleResponder {
    /// `GET /api/deck/<id>/events/`: the token may also come as `token=` and the resume point as
    /// `last_event_id=`, since a browser's `EventSource` cannot send headers (it does send
    /// `Last-Event-ID` itself when it reconnects).
    func eventStream(_ request: Request, deckID: String, query: String?, context: Context) async throws -> Response {
        guard request.method == .get else {
            throw APIError(status: .methodNotAllowed, message: "The events endpoint takes a GET.")
        }
        let parameters = APIParameters(encoded: query)
        let caller = Caller(authorization: request.headers[.authorization], queryToken: parameters["token"])
        let lastEventID = request.headers[HTTPField.Name("Last-Event-ID")!] ?? parameters["last_event_id"]
        return try await events.respond(
            deckID: deckID, caller: caller, lastEventID: lastEventID, channel: context.channel)
    }
}
