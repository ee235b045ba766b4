import HTTPTypes
import TableCore

/// One endpoint of the Deck of Cards API, declared once: where it is (its paths and methods), how
/// it is counted (its label), what it reads and changes, and its handler.
///
/// Everything the HTTP layer needs comes from the entry: the metrics and log label, whether the
/// request counts against the deck cap (``createsDeck``), whether it answers without its trailing
/// slash instead of redirecting. The table is ``APIEndpoint/all``. A class, so that a match hands
/// on one reference rather than copying the entry's fields.
final class APIEndpoint: Sendable {
    /// How the endpoint is answered.
    enum Handler: Sendable {
        /// A request on the existing deck of the path's `:deck`: the function parses the request
        /// (before the deck is read, so a malformed request changes nothing) and the pure request
        /// core (`DeckCore`) answers it, inside one store change when it changes the deck.
        case deck(@Sendable (APIEndpointInput) throws -> DeckOperation)
        /// A request that stores a new deck.
        case newDeck(@Sendable (DeckAPI, APIParameters, RequestHead) async throws -> APIResponse)
        /// The deck's event stream (``EventStreamEndpoint``), which answers the request itself.
        case eventStream
        /// A read of the existing deck of the path's `:deck` and of its stored events, which the pure core cannot
        /// make: the table's history.
        case deckRecord(@Sendable (DeckAPI, String, APIParameters, Caller) async throws -> APIResponse)
    }

    /// The label for metrics and logs (no ids or names).
    let label: String
    /// The methods the entry answers; `nil` for any method (as in the public API, where any method
    /// reaches an endpoint). Entries are tried in table order, so an entry for any method after
    /// entries for some methods on the same path answers the others.
    let methods: [HTTPRequest.Method]?
    /// The paths under `/api/`, each with its trailing slash.
    let paths: [RoutePattern]
    /// Whether the endpoint stores a new deck (and so counts against the deck cap).
    let createsDeck: Bool
    /// Whether the path without its trailing slash is answered too, rather than redirected (the
    /// events endpoint: a redirect would repeat its query, which may hold a player's token, in
    /// `Location`, where logs and proxies keep it).
    let answersWithoutSlash: Bool
    let handler: Handler

    init(
        _ label: String, methods: [HTTPRequest.Method]? = nil, paths: [String], createsDeck: Bool = false,
        answersWithoutSlash: Bool = false, handler: Handler
    ) {
        self.label = label
        self.methods = methods
        self.paths = paths.map(RoutePattern.init)
        self.createsDeck = createsDeck
        self.answersWithoutSlash = answersWithoutSlash
        self.handler = handler
    }

    /// Whether the entry answers `method`.
    func answers(_ method: HTTPRequest.Method) -> Bool {
        guard let methods else { return true }
        return methods.contains(method)
    }
}

/// What a ``APIEndpoint/Handler/deck(_:)`` handler reads: the path's captures, the parameters and
/// the method.
struct APIEndpointInput: Sendable {
    let captures: RouteCaptures
    let parameters: APIParameters
    let method: HTTPRequest.Method
}
