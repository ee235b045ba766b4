import Hummingbird
import Logging
import TableCore

/// Where errors meet HTTP: an `APIError` (or any `HTTPResponseError`) thrown while answering
/// becomes its answer here; any other error is a storage failure, logged and counted, answered
/// with `503` and a message that does not repeat the database's.
struct ErrorRendering: Sendable {
    let metrics: ServiceMetrics
    let logger: Logger

    /// The answer to `request` for `error`, thrown while answering it (logged under the request's
    /// `Hummingbird/RequestContext/routeLabel`). It never throws, so that every request has an
    /// answer to be counted with: an error whose own answer cannot be made is answered `500`.
    func response(to error: any Error, request: Request, context: some RequestContext) -> Response {
        if let error = error as? any HTTPResponseError {
            do {
                return try error.response(from: request, context: context)
            } catch let renderingError {
                logger.error(
                    "cannot answer the error \(String(describing: error)): \(String(describing: renderingError))",
                    metadata: ["route": "\(context.routeLabel)"])
                return RiffleResponder.json(APIError.answerUnavailable, head: request.method == .head)
            }
        }
        metrics.storageFailed()
        logger.error("request failed: \(String(describing: error))", metadata: ["route": "\(context.routeLabel)"])
        return RiffleResponder.json(APIError.storageUnavailable.response, head: false)
    }
}

extension APIError {
    /// The answer to an error whose own answer could not be made.
    static let answerUnavailable = APIError(
        status: .internalServerError, message: "The server could not put its answer together; retry shortly.")
}

extension APIError: HTTPResponseError {
    /// The API's JSON error answer (no body for `HEAD`), with `Retry-After` when the error has one.
    package func response(from request: Request, context: some RequestContext) -> Response {
        response(to: request)
    }

    /// The API's JSON error answer to `request`.
    func response(to request: Request) -> Response {
        RiffleResponder.json(self, head: request.method == .head)
    }
}
