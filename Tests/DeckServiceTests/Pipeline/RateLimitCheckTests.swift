import Hummingbird
import Testing

@testable import DeckService

/// The rate limit on its own: a client over its burst gets `429` with `Retry-After`, counted in
/// the metrics; another client is not affected.
@Suite struct RateLimitCheckTests {
    @Test func aClientOverItsBurstIsRefusedAndCounted() async throws {
        let metrics = ServiceMetrics()
        // One request a minute: the second within the test's time cannot find a token back.
        let check = RateLimitCheck(
            gate: RateLimitGate(configuration: .init(requestsPerSecond: 1.0 / 60, burst: 1)), metrics: metrics)
        #expect(check.refusal(of: pipelineRequest(), client: "10.0.0.1") == nil)
        let refusal = try #require(check.refusal(of: pipelineRequest(), client: "10.0.0.1"))
        #expect(refusal.status == .tooManyRequests)
        let retryAfter = try #require(refusal.headers[.retryAfter].flatMap { Int($0) })
        #expect((1...60).contains(retryAfter))
        #expect(refusal.headers[.accessControlAllowOrigin] == "*")
        #expect(try await bodyText(refusal).contains("Too many requests from this address"))
        #expect(check.refusal(of: pipelineRequest(), client: "10.0.0.2") == nil)
        #expect(metrics.exposition(decksStored: nil).contains("riffle_rate_limited_total 1"))
    }
}
