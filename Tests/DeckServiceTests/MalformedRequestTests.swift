import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// Requests NIO's HTTP parser rejects never reach the router; they still get the API's JSON error.
@Suite(.stopsItsServers) struct MalformedRequestTests {
    @Test(arguments: [
        ("FOO /api/deck/new/ HTTP/1.1\r\nHost: x\r\n\r\n", "method"),
        ("GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", "malformed"),
        ("GET /api/deck/new/ HTTP/7.3\r\nHost: x\r\n\r\n", "HTTP/1.0 or HTTP/1.1"),
        ("POST /api/deck/new/ HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n", "Content-Length"),
    ])
    func unparsableRequestsGetAJSONError(request: String, mentions: String) async throws {
        let server = try await TestServer.start()
        let answer = try await sendRawHTTP(request, port: server.port)
        await server.stop()
        let parts = answer.components(separatedBy: "\r\n\r\n")
        #expect(parts.first?.hasPrefix("HTTP/1.1 400") == true, "got: \(answer)")
        #expect(parts.first?.contains("Content-Type: application/json") == true)
        #expect(parts.first?.contains("Access-Control-Allow-Origin: *") == true)
        let body = try #require(parts.dropFirst().first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(object["success"] as? Bool == false)
        #expect((object["error"] as? String)?.contains(mentions) == true, "error: \(object["error"] ?? "none")")
    }

    @Test func theServerKeepsServingAfterAMalformedRequest() async throws {
        let server = try await TestServer.start()
        _ = try await sendRawHTTP("BREW /pot HTTP/1.1\r\nConnection: close\r\n\r\n", port: server.port)
        let answer = try await sendRawHTTP(
            "GET /api/deck/new/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
        await server.stop()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "got: \(answer)")
    }
}
