import Hummingbird

/// Refuses, with `429` and `Retry-After`, a request over its client's rate (``RateLimitGate``).
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = RiffleRequestContext
    /// The limit; `nil` when the server has none.
    let gate: RateLimitGate?
    let metrics: ServiceMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let gate, case .reject(let seconds) = gate.requestArrived(from: context.clientKey) else {
            return try await next(request, context)
        }
        metrics.requestRateLimited()
        context.routeLabel = "rate-limited"
        var refusal = APIError(
            status: .tooManyRequests, message: "Too many requests from this address; retry after \(seconds) s.")
        refusal.retryAfterSeconds = seconds
        return refusal.response(to: request)
    }
}
