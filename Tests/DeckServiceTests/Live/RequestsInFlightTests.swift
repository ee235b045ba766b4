import Foundation
import RiffleTestSupport
import Testing

/// `riffle_http_requests_in_flight` counts the requests being answered, the scrape itself
/// included, and an events stream only until its head: open streams are subscribers, not requests
/// in flight (they would otherwise keep the server from ever counting as quiet).
@Suite(.stopsItsServers) struct RequestsInFlightTests {
    @Test func openEventStreamsAreNotRequestsInFlight() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        let streams = try await onOwnThread {
            try (0..<3).map { _ in
                let stream = try EventStreamReader(port: server.port, path: path)
                _ = try stream.events(atLeast: 1)
                return stream
            }
        }
        defer { for stream in streams { stream.close() } }
        let metrics = try await send("GET", server.baseURL + "/metrics").body
        #expect(gauge("riffle_event_subscribers", in: metrics) == 3)
        #expect(gauge("riffle_http_requests_in_flight", in: metrics) == 1, "only the scrape itself")
    }
}
