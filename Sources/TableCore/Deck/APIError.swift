import HTTPTypes

/// An answer that is not a success: an HTTP status and the API's JSON error body.
///
/// The body is always exactly `{"success": false, "error": "<message>"}`. Storage failures become ``storageUnavailable`` so database messages never reach
/// clients.
package struct APIError: Error, Sendable {
    package let status: HTTPResponse.Status
    package let message: String
    /// Seconds to send as `Retry-After`, for refusals that end by themselves (a stream cap).
    package var retryAfterSeconds: Int? = nil

    /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
    package init(status: HTTPResponse.Status, message: String, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    package static let unknownDeck = APIError(status: .notFound, message: "Deck ID does not exist.")
    package static let cardsRequiredForPile = APIError(
        status: .notFound, message: "You must specify cards to add to the pile.")
    package static let storageUnavailable = APIError(
        status: .serviceUnavailable, message: "The deck store is unavailable right now; try again shortly.")

    package static let requestTimeout = APIError(
        status: .requestTimeout,
        message: "The request did not arrive in time; send it again on a new connection.")
    package static let tooManyConnections = APIError(
        status: .serviceUnavailable, message: "The server has too many open connections; try again shortly.")

    package static func tooManyConnectionsFromClient(_ limit: Int) -> APIError {
        var error = APIError(
            status: .tooManyRequests,
            message: "This address already has " + String(limit)
                + " connections open, the most allowed; close one before opening another.")
        error.retryAfterSeconds = 10
        return error
    }

    package static func unknownPath(_ path: String) -> APIError {
        APIError(status: .notFound, message: "No endpoint matches " + path + " (see /api/ paths in the documentation).")
    }

    package static func badRequest(_ message: String) -> APIError {
        APIError(status: .badRequest, message: message)
    }
}
