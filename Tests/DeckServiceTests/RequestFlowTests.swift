import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// What the middleware adds to every answer: CORS, the label it is counted under, and for `HEAD` no
/// body, errors included.
@Suite struct RequestFlowTests {
    @Test func everyAnswerIsCountedUnderWhatAnsweredIt() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            let redirect = try await client.execute(uri: "/api/deck/\(id)?count=2", method: .get)
            #expect(redirect.status == .movedPermanently)
            #expect(redirect.headers[.location] == "/api/deck/\(id)/?count=2")
            let preflight = try await client.execute(uri: "/api/deck/\(id)/draw/", method: .options)
            #expect(preflight.status == .ok)
            let leave = try await client.execute(uri: "/api/deck/\(id)/player/ann/", method: .delete)
            let unknown = try await client.execute(uri: "/api/nope/", method: .get)
            #expect(unknown.status == .notFound)
            for answer in [redirect, preflight, leave, unknown] {
                #expect(answer.headers[.accessControlAllowOrigin] == "*")
            }
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains(#"riffle_http_requests_total{route="redirect",status="301"} 1"#))
            #expect(metrics.contains(#"riffle_http_requests_total{route="preflight",status="200"} 1"#))
            #expect(metrics.contains(#"riffle_http_requests_total{route="leave",status="\#(leave.status.code)"} 1"#))
            #expect(metrics.contains(#"riffle_http_requests_total{route="other",status="404"} 1"#))
            #expect(metrics.contains(#"riffle_http_requests_total{route="new",status="200"} 1"#))
        }
    }

    @Test func headAnswersCarryNoBodyErrorsIncluded() async throws {
        try await withTestApplication { client in
            let longQuery = "/api/deck/new/?x=" + String(repeating: "a", count: 17 * 1024)
            let refusals: [(String, HTTPResponse.Status)] = [
                ("/api/nope/", .notFound), ("/nothing/here", .notFound), ("/api/deck/aaaaaaaaaaaa/", .notFound),
                (longQuery, .uriTooLong),
            ]
            for (uri, status) in refusals {
                let answer = try await client.execute(uri: uri, method: .head)
                #expect(answer.status == status, "\(uri.prefix(40))")
                #expect(answer.body.readableBytes == 0, "\(uri.prefix(40))")
                #expect(answer.headers[.accessControlAllowOrigin] == "*")
            }
        }
    }
}
