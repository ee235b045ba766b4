import Hummingbird

extension RiffleResponder {
    /// `GET` and `HEAD /api/deck/<id>/events/` (with or without its slash): see
    /// ``EventStreamEndpoint/respond(to:deckID:query:client:channel:)``.
    func eventStream(_ request: Request, deckID: String, query: String?, context: Context) async throws -> Response {
        try await events.respond(
            to: request, deckID: deckID, query: query, client: context.clientKey, channel: context.channel)
    }
}
