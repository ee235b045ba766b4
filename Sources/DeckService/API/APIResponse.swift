import HTTPTypes

/// A JSON answer: a status and the body text, with what the HTTP layer adds to its head.
struct APIResponse: Sendable {
    var status: HTTPResponse.Status = .ok
    var json: String
    /// The deck's change number, for an answer about a deck: sent as `ETag: "<n>"`. `nil` for
    /// answers given before any deck was read (a malformed request, an unknown deck).
    var changeNumber: Int64? = nil
    /// Whether this is the remembered answer to an earlier request with the same idempotency key
    /// (sent as `Idempotent-Replayed: true`).
    var replayed = false
}

extension APIError {
    /// The error's JSON body: exactly `{"success": false, "error": "..."}`.
    var response: APIResponse {
        var body = JSONObjectWriter()
        body.add("success", bool: false)
        body.add("error", string: message)
        return APIResponse(status: status, json: body.finished())
    }
}
