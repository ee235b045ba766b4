import DeckService
import DeckStores
import Foundation
import RiffleTestSupport
import Testing

/// What could leave an events stream waiting for ever, made to happen: the store cannot read a
/// deck's events when the hub needs them, or never starts telling the server about commits.
/// Each ends in an answer the client acts on, never in a wait without end.
@Suite(.stopsItsServers) struct EventHubFailureTests {
    /// The hub reads new events once per commit notice; a read that fails would leave them
    /// undelivered until the deck's next change. The hub ends the deck's streams instead, and a
    /// client that resumes with Last-Event-ID gets what it missed from the store.
    @Test func aFailedReadEndsTheStreamsAndResumingMissesNothing() async throws {
        let store = InterposedStore(base: try await DeckStoreDatabase.open(DeckStoreDatabase.inMemory))
        let server = try await TestServer.start(store: store)
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        let stream = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        defer { stream.close() }
        #expect(try await onOwnThread { try stream.events(atLeast: 1) }.map(\.kind) == ["hello"])

        store.failsEventReads = true
        #expect(try await send("GET", table.deckURL + "/draw/?count=1").status == 200)
        // The server closes the stream (the wait is bounded, so a stream left open fails here).
        let seen = try await onOwnThread { try stream.readUntilClosed() }
        #expect(seen.map(\.kind) == ["hello"])
        #expect(store.eventReadsFailed >= 1)

        store.failsEventReads = false
        let resumed = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": "0"])
        }
        defer { resumed.close() }
        let missed = try await onOwnThread { try resumed.events(atLeast: 1) }
        #expect(missed.map(\.kind) == ["draw"])
        #expect(missed.map(\.id) == [1])
        _ = try await send("GET", table.deckURL + "/draw/?count=1")
        #expect(try await onOwnThread { try resumed.events(atLeast: 2) }.map(\.id) == [1, 2])
    }

    /// A store that never starts telling the server about commits (a PostgreSQL LISTEN that
    /// cannot be set up): events requests are answered 503 after the set-up time-out instead of
    /// waiting for ever, other requests are served, and the server still stops.
    @Test func eventsWaitForTheStoresNoticesOnlySoLong() async throws {
        let store = InterposedStore(
            base: try await DeckStoreDatabase.open(DeckStoreDatabase.inMemory), observingNeverStarts: true)
        let server = try await TestServer.start(store: store) { $0.eventSetUpTimeout = .milliseconds(300) }
        let table = try await TestTable.create(on: server.baseURL)
        let refused = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        refused.close()
        #expect(refused.status == 503)
        #expect(try await send("GET", table.deckURL + "/draw/?count=1").status == 200)
        try await waitFor("the server to stop", upTo: testWaitLimit) { await server.stop() }
    }
}
