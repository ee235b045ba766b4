import Hummingbird
import Logging

/// What every request is counted in: in flight (up to its response's head), then in the metrics
/// under its `Hummingbird/RequestContext/routeLabel`, and in one log line.
///
/// The outermost concern of ``RequestPipeline``, which calls ``began()`` first, ``ended()`` on every
/// way out, and ``record(_:response:label:since:)`` with the answer.
struct RequestAccounting: Sendable {
    let metrics: ServiceMetrics
    let logger: Logger
    /// Counts the requests being answered, up to their response's head (a streamed body, such as
    /// an event stream's, is not counted), for ``ConnectionLoopExecutor``.
    let inFlight: RequestsInFlight

    /// Counts a request in flight until ``ended()``; returns when it began.
    func began() -> ContinuousClock.Instant {
        inFlight.began()
        return .now
    }

    /// The request is no longer in flight.
    func ended() {
        inFlight.ended()
    }

    /// Counts the answer under `label` with the time since `start`, and logs it (at `info`).
    func record(_ request: Request, response: Response, label: String, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        metrics.requestAnswered(route: label, status: response.status.code, duration: elapsed)
        if logger.logLevel <= .info {
            logger.info(
                "\(request.method) \(request.uri.path) \(response.status.code)",
                metadata: ["duration_us": "\(elapsed.nanoseconds / 1000)"])
        }
    }
}
