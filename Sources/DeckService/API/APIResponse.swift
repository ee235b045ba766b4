import HTTPTypes

/// A JSON answer: a status and the body text.
struct APIResponse: Sendable {
    var status: HTTPResponse.Status = .ok
    var json: String
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
