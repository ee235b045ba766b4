import Testing

@testable import DeckService
@testable import LiveTables

/// The stream caps as a state machine: scripted requests and ends, the decision and the counts
/// checked after each step.
@Suite struct EventStreamQuotaTests {
    @Test func eachAddressGetsItsOwnCapAndAllOfThemTheServers() {
        var quota = EventStreamQuota(limits: .init(perClient: 2, total: 3))
        #expect(quota.streamRequested(by: "a") == .open)
        #expect(quota.streamRequested(by: "a") == .open)
        #expect((quota.openStreams, quota.openStreams(of: "a")) == (2, 2))
        #expect(quota.streamRequested(by: "a") == .refuseClient(limit: 2))
        #expect((quota.openStreams, quota.openStreams(of: "a")) == (2, 2))
        #expect(quota.streamRequested(by: "b") == .open)
        #expect(quota.streamRequested(by: "c") == .refuseServer(limit: 3))
        #expect((quota.openStreams, quota.openStreams(of: "b"), quota.openStreams(of: "c")) == (3, 1, 0))
        // Over both caps, the client is told about its own.
        #expect(quota.streamRequested(by: "a") == .refuseClient(limit: 2))

        quota.streamEnded(for: "a")
        #expect((quota.openStreams, quota.openStreams(of: "a")) == (2, 1))
        #expect(quota.streamRequested(by: "c") == .open)
        #expect(quota.streamRequested(by: "a") == .refuseServer(limit: 3))
        quota.streamEnded(for: "c")
        #expect(quota.streamRequested(by: "a") == .open)
        #expect((quota.openStreams, quota.openStreams(of: "a"), quota.openStreams(of: "c")) == (3, 2, 0))
    }

    @Test func anEndWithoutAnOpenStreamChangesNothing() {
        var quota = EventStreamQuota(limits: .init(perClient: 1, total: 1))
        quota.streamEnded(for: "a")
        #expect(quota.openStreams == 0)
        #expect(quota.streamRequested(by: "a") == .open)
        quota.streamEnded(for: "b")
        #expect((quota.openStreams, quota.openStreams(of: "a")) == (1, 1))
        quota.streamEnded(for: "a")
        quota.streamEnded(for: "a")
        #expect((quota.openStreams, quota.openStreams(of: "a")) == (0, 0))
    }

    @Test func limitsClampToTheirRanges() {
        #expect(EventStreamQuota.Limits(perClient: 0, total: -5) == .init(perClient: 1, total: 0))
        var closed = EventStreamQuota(limits: .init(perClient: 4, total: 0))
        #expect(closed.streamRequested(by: "a") == .refuseServer(limit: 0))
    }

    @Test func streamsNeverTakeMoreThanHalfOfTheConnections() {
        var limits = ServiceLimits()
        #expect(limits.streamCapacity == 2048)
        limits.maximumConnections = 7
        #expect(limits.streamCapacity == 3)
        limits.maximumStreams = 2
        #expect(limits.streamCapacity == 2)
        limits.maximumStreams = 100
        #expect(limits.streamCapacity == 3)
        limits.maximumStreams = -1
        #expect(limits.streamCapacity == 0)
        limits.maximumConnections = 1
        limits.maximumStreams = nil
        #expect(limits.streamCapacity == 0)
    }
}
