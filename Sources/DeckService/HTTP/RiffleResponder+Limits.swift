import Hummingbird

extension RiffleResponder {
    /// A 431 answer when the request's headers are over ``ServiceLimits``, else `nil`.
    func refusalForHeaders(_ request: Request) -> Response? {
        var bytes = 0
        for field in request.headers { bytes += field.name.rawName.utf8.count + field.value.utf8.count }
        let tooMany = request.headers.count > limits.maximumHeaderCount
        guard tooMany || bytes > limits.maximumHeaderBytes else { return nil }
        let message =
            tooMany
            ? "The request has \(request.headers.count) header fields; at most \(limits.maximumHeaderCount) are allowed."
            : "The request's header fields are larger than \(limits.maximumHeaderBytes / 1024) KiB."
        return Self.json(
            APIError(status: .requestHeaderFieldsTooLarge, message: message).response, head: request.method == .head)
    }

    /// Throws a 503 ``APIError`` when `route` would create a deck beyond the cap.
    func checkDeckCapacity(for route: APIRoute) async throws {
        guard let deckCapacity, route.createsDeck else { return }
        guard try await deckCapacity.allowsNewDeck(store: api.store) else {
            throw APIError(
                status: .serviceUnavailable,
                message: "This server holds its maximum of \(deckCapacity.maximumDecks) decks, so no new deck "
                    + "can be created until unused decks expire. Reuse an existing deck (reshuffle it) instead.")
        }
    }

    /// The 429 answer, with `Retry-After`.
    static func rateLimited(retryAfterSeconds: Int, head: Bool) -> Response {
        var response = json(
            APIError(
                status: .tooManyRequests,
                message: "Too many requests from this address; retry after \(retryAfterSeconds) s."
            ).response, head: head)
        response.headers[.retryAfter] = String(retryAfterSeconds)
        return response
    }
}

extension APIRoute {
    /// Whether the endpoint stores a new deck (and so counts against the deck cap).
    var createsDeck: Bool {
        switch self {
        case .newDeck, .newDeckAndDraw: true
        default: false
        }
    }
}
