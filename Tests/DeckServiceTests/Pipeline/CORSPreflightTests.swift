import Hummingbird
import Testing

@testable import DeckService

/// CORS on its own: a preflight is answered with what may be sent; anything else is not a preflight.
@Suite struct CORSPreflightTests {
    @Test func anOptionsRequestIsAnsweredWithTheAllowedMethodsAndHeaders() throws {
        var headers = HTTPFields()
        headers[.accessControlRequestHeaders] = "Authorization, If-Match"
        let preflight = try #require(CORS.preflightResponse(to: pipelineRequest(.options, headers: headers)))
        #expect(preflight.status == .ok)
        #expect(preflight.headers[.accessControlAllowOrigin] == "*")
        #expect(preflight.headers[.accessControlAllowMethods] == "GET, POST, DELETE, HEAD, OPTIONS")
        #expect(preflight.headers[.accessControlAllowHeaders] == "Authorization, If-Match")
        #expect(preflight.headers[.accessControlMaxAge] == "86400")
        let plain = try #require(CORS.preflightResponse(to: pipelineRequest(.options)))
        #expect(plain.headers[.accessControlAllowHeaders] == "Content-Type")
    }

    @Test func otherMethodsAreNoPreflight() {
        for method: HTTPRequest.Method in [.get, .head, .post, .delete] {
            #expect(CORS.preflightResponse(to: pipelineRequest(method)) == nil)
        }
    }

    @Test func theOriginHeaderIsAddedOnce() {
        var fields = HTTPFields()
        CORS.addHeaders(to: &fields)
        CORS.addHeaders(to: &fields)
        #expect(fields[values: .accessControlAllowOrigin] == ["*"])
    }
}
