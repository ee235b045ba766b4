import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// Error messages state the limits configured, and every request is counted in the metrics,
/// whatever answers it (issue 41, finding 10).
@Suite(.stopsItsServers) struct ConfiguredLimitMessageTests {
    @Test func messagesStateTheConfiguredLimits() async throws {
        let server = try await TestServer.start { configuration in
            configuration.limits.maximumQueryBytes = 1000
            configuration.limits.maximumBodyBytes = 3000
            configuration.limits.maximumHeaderBytes = 2048
        }
        do {
            let query = try await send(
                "GET", server.baseURL + "/api/deck/new/?x=" + String(repeating: "a", count: 1000))
            #expect(query.status == 414)
            #expect(query.error == "The query string is longer than 1000 bytes.")
            let header = try await send(
                "GET", server.baseURL + "/api/deck/new/", headers: ["X-Filler": String(repeating: "b", count: 2100)])
            #expect(header.status == 431)
            #expect(header.error == "The request's header fields are larger than 2 KiB.")
            let body = try await sendForm(
                server.baseURL + "/api/deck/new/", form: [("cards", String(repeating: "AS,", count: 1100))])
            #expect(body.status == 413)
            #expect(body.error == "The request body is larger than 3000 bytes.")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A request NIO's parser refuses never reaches the pipeline, and used to go uncounted.
    @Test func aMalformedRequestIsCounted() async throws {
        try await TestServer.run { server in
            _ = try await sendRawHTTP("FOO /api/deck/new/ HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            let metrics = try await send("GET", server.baseURL + "/metrics").body
            #expect(metrics.contains(#"riffle_http_requests_total{route="malformed",status="400"} 1"#), "\(metrics)")
        }
    }
}
