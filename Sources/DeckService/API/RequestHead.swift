import HTTPTypes

/// What the HTTP layer tells the API about a request besides its route, parameters and caller:
/// the method and path (which, with the parameters and the caller, identify a request under its
/// idempotency key), the client's address (the scope of new decks' keys), and the change headers
/// as sent (``RequestIdempotency`` and ``ChangePrecondition`` read them; a read ignores both).
struct RequestHead: Sendable {
    /// The request's method.
    var method: HTTPRequest.Method = .get
    /// The request's path, as sent.
    var path: String = ""
    /// The client's address.
    var client: String = "unknown"
    /// The `Idempotency-Key` value (repeated fields joined), if any.
    var idempotencyKey: String? = nil
    /// The `If-Match` value (repeated fields joined), if any.
    var ifMatch: String? = nil
}
