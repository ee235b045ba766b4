import CoreMetrics
import Metrics
import Prometheus
import Synchronization

/// The service's metrics, recorded through swift-metrics into a Prometheus registry that belongs to
/// one application (not the process-wide `MetricsSystem`, so several servers in one test process
/// keep separate counts), and exposed at `GET /metrics`.
///
/// - `riffle_http_requests_total{route, status}`: requests answered, by ``APIEndpoint/label`` (`leave`
///   for removing a player, `join` for joining) or what answered (`health`, `metrics`, `openapi`,
///   `static`, `preflight`, `redirect`, `rate-limited`, `other`) and status code.
/// - `riffle_http_request_duration_seconds{route}`: a latency histogram.
/// - `riffle_decks_stored`: the number of decks, read from the store at each scrape.
/// - `riffle_storage_errors_total`: store failures answered with 503.
/// - `riffle_rate_limited_total`: requests refused with 429.
/// - `riffle_event_subscribers`: open events streams, read from the event hub at each scrape.
/// - `riffle_http_requests_in_flight`: requests being answered at the scrape, the scrape included;
///   an events stream counts until its head is ready, then under `riffle_event_subscribers`.
final class ServiceMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let storageErrors: CoreMetrics.Counter
    private let rateLimited: CoreMetrics.Counter
    private let decksStored: CoreMetrics.Gauge
    private let eventSubscribers: CoreMetrics.Gauge
    private let requestsInFlight: CoreMetrics.Gauge
    /// Each route's handles, made on the route's first request: making a handle looks it up in
    /// the registry (a lock, label checks, allocations), which per request costs more than the
    /// increment itself.
    private let routeHandles = Mutex<[String: RouteHandles]>([:])

    private struct RouteHandles {
        let duration: Metrics.Timer
        var counts: [Int: CoreMetrics.Counter] = [:]
    }

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
        ]
        self.factory = factory
        storageErrors = CoreMetrics.Counter(label: "riffle_storage_errors_total", factory: factory)
        rateLimited = CoreMetrics.Counter(label: "riffle_rate_limited_total", factory: factory)
        decksStored = CoreMetrics.Gauge(label: "riffle_decks_stored", factory: factory)
        eventSubscribers = CoreMetrics.Gauge(label: "riffle_event_subscribers", factory: factory)
        requestsInFlight = CoreMetrics.Gauge(label: "riffle_http_requests_in_flight", factory: factory)
    }

    /// Records one answered request.
    func requestAnswered(route: String, status: Int, duration: Duration) {
        let (counter, timer) = routeHandles.withLock { handles in
            var entry = handles[route] ?? RouteHandles(duration: makeTimer(route: route))
            if let counter = entry.counts[status] { return (counter, entry.duration) }
            let counter = makeCounter(route: route, status: status)
            entry.counts[status] = counter
            handles[route] = entry
            return (counter, entry.duration)
        }
        counter.increment()
        timer.recordNanoseconds(duration.nanoseconds)
    }

    private func makeCounter(route: String, status: Int) -> CoreMetrics.Counter {
        CoreMetrics.Counter(
            label: "riffle_http_requests_total", dimensions: [("route", route), ("status", String(status))],
            factory: factory)
    }

    private func makeTimer(route: String) -> Metrics.Timer {
        Metrics.Timer(label: "riffle_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
    }

    /// Records a store failure.
    func storageFailed() { storageErrors.increment() }

    /// Records a request refused by the rate limit.
    func requestRateLimited() { rateLimited.increment() }

    /// The exposition text, after refreshing the deck count (`nil` when the store cannot say), the
    /// number of open events streams and the number of requests in flight.
    func exposition(
        decksStored count: Int?, eventSubscribers subscribers: Int = 0, requestsInFlight inFlight: Int = 0
    ) -> String {
        if let count { decksStored.record(count) }
        eventSubscribers.record(subscribers)
        requestsInFlight.record(inFlight)
        return registry.emitToString()
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at `Int64.max`.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product + attoseconds / 1_000_000_000
    }
}
