import Hummingbird
import TableCore

/// Refuses, with `429` and `Retry-After`, a request over its client's rate (``RateLimitGate``).
struct RateLimitCheck: Sendable {
    /// The label a refused request is counted under.
    static let label = "rate-limited"

    let gate: RateLimitGate
    let metrics: ServiceMetrics

    /// Counts `request` against `client`'s rate: the `429` answer when it is over, `nil` otherwise.
    func refusal(of request: Request, client: String) -> Response? {
        guard case .reject(let seconds) = gate.requestArrived(from: client) else { return nil }
        metrics.requestRateLimited()
        var refusal = APIError(
            status: .tooManyRequests, message: "Too many requests from this address; retry after \(seconds) s.")
        refusal.retryAfterSeconds = seconds
        return refusal.response(to: request)
    }
}
