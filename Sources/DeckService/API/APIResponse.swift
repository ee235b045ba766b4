import HTTPTypes

/// A JSON answer: a status and the body text.
struct APIResponse: Sendable {
    var status: HTTPResponse.Status = .ok
    var json: String
}

extension APIError {
    /// The error's JSON body: `{"success": false, "error": "..."}`, with `deck_id` when known.
    var response: APIResponse {
        var body = JSONObjectWriter()
        body.add("success", bool: false)
        if let deckID { body.add("deck_id", string: deckID) }
        body.add("error", string: message)
        return APIResponse(status: status, json: body.json)
    }
}
