import HTTPTypes

/// A JSON answer: a status and the body text, with what the HTTP layer adds to its head.
package struct APIResponse: Sendable {
    package var status: HTTPResponse.Status = .ok
    package var json: String
    /// The deck's change number, for an answer about a deck: sent as `ETag: "<n>"`. `nil` for
    /// answers given before any deck was read (a malformed request, an unknown deck).
    package var changeNumber: Int64? = nil
    /// Whether this is the remembered answer to an earlier request with the same idempotency key
    /// (sent as `Idempotent-Replayed: true`).
    package var replayed = false

    /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
    package init(status: HTTPResponse.Status = .ok, json: String, changeNumber: Int64? = nil, replayed: Bool = false) {
        self.status = status
        self.json = json
        self.changeNumber = changeNumber
        self.replayed = replayed
    }
}

extension APIError {
    /// The error's JSON body: exactly `{"success": false, "error": "..."}`.
    package var response: APIResponse {
        var body = JSONObjectWriter()
        body.add("success", bool: false)
        body.add("error", string: message)
        return APIResponse(status: status, json: body.finished())
    }
}

extension APIResponse {
    /// The header that marks a replayed answer.
    package static let replayedHeaderName = HTTPField.Name("Idempotent-Replayed")!

    /// Adds what this answer's own head says to `headers`: `ETag: "<change number>"` on an answer about a deck (its
    /// reads, changes, refusals and `HEAD`), and `Idempotent-Replayed: true` on an answer given again for a resent
    /// idempotency key. The rest of a JSON answer's head is the same for every answer.
    package func addOwnHeaders(to headers: inout HTTPFields) {
        if let changeNumber { headers[.eTag] = "\"" + String(changeNumber) + "\"" }
        if replayed { headers[Self.replayedHeaderName] = "true" }
    }
}
