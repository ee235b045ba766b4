import Testing

@testable import DeckService

/// The token bucket, driven by scripted times.
@Suite struct RateLimiterTests {
    @Test func aBurstIsAllowedThenRefusedUntilATokenComesBack() {
        var limiter = RateLimiter(configuration: .init(requestsPerSecond: 2, burst: 3))
        #expect(limiter.requestArrived(from: "a", at: 10) == .allow)
        #expect(limiter.requestArrived(from: "a", at: 10) == .allow)
        #expect(limiter.requestArrived(from: "a", at: 10) == .allow)
        #expect(limiter.requestArrived(from: "a", at: 10) == .reject(retryAfterSeconds: 1))
        // Half a second later one token (2/s) is back.
        #expect(limiter.requestArrived(from: "a", at: 10.5) == .allow)
        #expect(limiter.requestArrived(from: "a", at: 10.5) == .reject(retryAfterSeconds: 1))
        // Idle long enough, the bucket is full again, but never above the burst.
        for _ in 0..<3 { #expect(limiter.requestArrived(from: "a", at: 100) == .allow) }
        #expect(limiter.requestArrived(from: "a", at: 100) == .reject(retryAfterSeconds: 1))
    }

    @Test func clientsHaveSeparateBuckets() {
        var limiter = RateLimiter(configuration: .init(requestsPerSecond: 1, burst: 1))
        #expect(limiter.requestArrived(from: "a", at: 0) == .allow)
        #expect(limiter.requestArrived(from: "a", at: 0) == .reject(retryAfterSeconds: 1))
        #expect(limiter.requestArrived(from: "b", at: 0) == .allow)
        #expect(limiter.trackedClients == 2)
    }

    @Test func retryAfterRoundsUpTheWaitForOneToken() {
        var limiter = RateLimiter(configuration: .init(requestsPerSecond: 0.25, burst: 1))
        #expect(limiter.requestArrived(from: "a", at: 0) == .allow)
        #expect(limiter.requestArrived(from: "a", at: 0) == .reject(retryAfterSeconds: 4))
        #expect(limiter.requestArrived(from: "a", at: 1.5) == .reject(retryAfterSeconds: 3))
        #expect(limiter.requestArrived(from: "a", at: 4) == .allow)
    }

    @Test func timeGoingBackwardsGrantsNothing() {
        var limiter = RateLimiter(configuration: .init(requestsPerSecond: 1, burst: 1))
        #expect(limiter.requestArrived(from: "a", at: 5) == .allow)
        #expect(limiter.requestArrived(from: "a", at: 1) == .reject(retryAfterSeconds: 1))
    }

    @Test func idleClientsArePrunedSoMemoryStaysBounded() {
        var limiter = RateLimiter(configuration: .init(requestsPerSecond: 10, burst: 2), pruneThreshold: 100)
        for client in 0..<100 { #expect(limiter.requestArrived(from: "c\(client)", at: 0) == .allow) }
        #expect(limiter.trackedClients == 100)
        // One second later every earlier bucket is full again: the 101st client triggers a prune.
        #expect(limiter.requestArrived(from: "new", at: 1) == .allow)
        #expect(limiter.trackedClients == 1)
    }

    @Test func configurationClampsToUsableValues() {
        let configuration = RateLimiter.Configuration(requestsPerSecond: 0, burst: 0)
        #expect(configuration.requestsPerSecond == 0.001)
        #expect(configuration.burst == 1)
    }
}
