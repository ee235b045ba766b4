import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// Thousands of subscribers opening and dropping their connections leave nothing behind: the
/// server notices each drop, keeps serving, and its count of open streams returns to zero.
@Suite(.stopsItsServers) struct EventSubscriberChurnTests {
    @Test func droppedSubscribersAreForgotten() async throws {
        // No heartbeat during the test: only noticing the dropped connections can clean up. Every
        // stream comes from one address, so its cap is lifted: the test is about churn, and a
        // refused stream would only wait for its connection's idle close.
        let server = try await TestServer.start {
            $0.eventHeartbeatInterval = .seconds(3_600)
            $0.limits.maximumStreamsPerClient = 1_000
        }
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        for round in 0..<10 {
            // 200 at once, each dropped right after its hello, some mid-request.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        do {
                            try await onOwnThread {
                                if index % 10 == 0 {
                                    let half = try RawConnection(port: server.port)
                                    try half.send("GET " + path + " HTTP/1.1\r\nHost: x\r\n")
                                    half.shutDown()
                                    return
                                }
                                let stream = try EventStreamReader(port: server.port, path: path)
                                defer { stream.close() }
                                let hello = try stream.events(atLeast: 1).first?.kind
                                guard stream.status == 200, hello == "hello" else {
                                    throw TableTestError("answered \(stream.status), first event \(hello ?? "none")")
                                }
                            }
                        } catch {
                            throw TableTestError("round \(round), connection \(index): \(error)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            _ = try await send("GET", table.deckURL + "/draw/")
        }
        let watcher = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        defer { watcher.close() }
        _ = try await send("GET", table.deckURL + "/draw/")
        let events = try await onOwnThread { try watcher.events(atLeast: 2) }
        #expect(events.map(\.kind) == ["hello", "draw"])
        // Every dropped stream is closed by the server on its own (no event needs to reach it first):
        // poll the gauge, each poll a full request, until only the watcher is left.
        var open = -1
        for _ in 0..<5_000 where open != 1 {
            let metrics = try await send("GET", server.baseURL + "/metrics").body
            open = gauge("riffle_event_subscribers", in: metrics) ?? -1
        }
        #expect(open == 1)
    }
}
