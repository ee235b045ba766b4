import Hummingbird
import Logging

/// The outermost middleware: counts the request in flight (up to its response's head), then
/// records it in the metrics under its ``Hummingbird/RequestContext/routeLabel`` and logs it in
/// one line.
struct RequestAccountingMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServiceMetrics
    let logger: Logger
    /// Counts the requests being answered, up to their response's head (a streamed body, such as
    /// an event stream's, is not counted), for ``ConnectionLoopExecutor``.
    let inFlight: RequestsInFlight

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        inFlight.began()
        defer { inFlight.ended() }
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        metrics.requestAnswered(route: context.routeLabel, status: response.status.code, duration: elapsed)
        if logger.logLevel <= .info {
            logger.info(
                "\(request.method) \(request.uri.path) \(response.status.code)",
                metadata: ["duration_us": "\(elapsed.nanoseconds / 1000)"])
        }
        return response
    }
}
