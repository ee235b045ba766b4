import HTTPTypes

/// What the HTTP layer tells the API about a request besides its route, parameters and caller:
/// the method and path (which, with the parameters and the caller, identify a request under its
/// idempotency key), the client's address (the scope of new decks' keys), and the change headers
/// as sent (``RequestIdempotency`` and ``ChangePrecondition`` read them; a read ignores both).
package struct RequestHead: Sendable {
    /// The request's method.
    package var method: HTTPRequest.Method = .get
    /// The request's path, as sent.
    package var path: String = ""
    /// The client's address.
    package var client: String = "unknown"
    /// The `Idempotency-Key` value (repeated fields joined), if any.
    package var idempotencyKey: String? = nil
    /// The `If-Match` value (repeated fields joined), if any.
    package var ifMatch: String? = nil

    /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
    package init(
        method: HTTPRequest.Method = .get, path: String = "", client: String = "unknown", idempotencyKey: String? = nil,
        ifMatch: String? = nil
    ) {
        self.method = method
        self.path = path
        self.client = client
        self.idempotencyKey = idempotencyKey
        self.ifMatch = ifMatch
    }
}
