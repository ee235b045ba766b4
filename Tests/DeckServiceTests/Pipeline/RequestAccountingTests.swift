import Hummingbird
import Logging
import Testing

@testable import DeckService

/// Accounting on its own: a request is in flight between ``RequestAccounting/began()`` and
/// ``RequestAccounting/ended()``, and its answer is counted under its label and status.
@Suite struct RequestAccountingTests {
    @Test func aRequestIsInFlightUntilItEndsAndCountedUnderItsLabel() {
        let metrics = ServiceMetrics()
        let inFlight = RequestsInFlight(quietBelow: 2)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let accounting = RequestAccounting(metrics: metrics, logger: logger, inFlight: inFlight)
        let start = accounting.began()
        #expect(inFlight.count == 1)
        accounting.record(
            pipelineRequest(), response: Response(status: .notFound), label: "info", since: start)
        accounting.record(
            pipelineRequest(), response: Response(status: .notFound), label: "info", since: start)
        accounting.ended()
        #expect(inFlight.count == 0)
        let text = metrics.exposition(decksStored: nil)
        #expect(text.contains(#"riffle_http_requests_total{route="info",status="404"} 2"#))
        #expect(text.contains(#"riffle_http_request_duration_seconds_count{route="info"} 2"#))
    }
}
