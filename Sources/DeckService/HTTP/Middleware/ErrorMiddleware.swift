import Hummingbird
import Logging

/// Where errors meet HTTP: an ``APIError`` (or any `HTTPResponseError`) thrown inside becomes its
/// answer here; any other error is a storage failure, logged and counted, answered with `503`
/// and a message that does not repeat the database's.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServiceMetrics
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        } catch {
            metrics.storageFailed()
            logger.error("request failed: \(String(describing: error))", metadata: ["route": "\(context.routeLabel)"])
            return RiffleResponder.json(APIError.storageUnavailable.response, head: false)
        }
    }
}

extension APIError: HTTPResponseError {
    /// The API's JSON error answer (no body for `HEAD`), with `Retry-After` when the error has one.
    func response(from request: Request, context: some RequestContext) -> Response {
        response(to: request)
    }

    /// The API's JSON error answer to `request`.
    func response(to request: Request) -> Response {
        RiffleResponder.json(self, head: request.method == .head)
    }
}
