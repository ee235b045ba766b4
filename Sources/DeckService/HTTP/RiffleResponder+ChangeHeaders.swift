import HTTPTypes
import Hummingbird
import TableCore

/// The HTTP side of "every change happens once": reading a request's change headers, and writing
/// a deck's change number as the answer's `ETag`. Kept to these two functions so that they move
/// with the responder as they are.
extension RiffleResponder {
    /// What the API needs of a request's head besides its route, parameters and caller.
    ///
    /// The change headers are read as sent (repeated fields joined, which their parsers refuse);
    /// whether they are checked at all is the API's to decide (a read ignores them). `path` is the
    /// request's (`request.uri.path` builds a new string on each read).
    static func requestHead(_ request: Request, path: String, context: Context) -> RequestHead {
        RequestHead(
            method: request.method, path: path, client: context.clientKey,
            idempotencyKey: request.headers[RequestIdempotency.headerName],
            ifMatch: request.headers[ChangePrecondition.headerName])
    }

    /// Adds what an answer's own head says to the shared JSON headers
    /// (`APIResponse.addOwnHeaders(to:)`: its change number as `ETag`, `Idempotent-Replayed`).
    static func addChangeHeaders(of response: APIResponse, to headers: inout HTTPFields) {
        response.addOwnHeaders(to: &headers)
    }
}
