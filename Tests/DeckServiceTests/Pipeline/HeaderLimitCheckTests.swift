import HTTPTypes
import Hummingbird
import Testing

@testable import DeckService

/// The header limit on its own: `431` over the count or the size, nothing otherwise.
@Suite struct HeaderLimitCheckTests {
    private var limits: ServiceLimits {
        var limits = ServiceLimits()
        limits.maximumHeaderCount = 3
        limits.maximumHeaderBytes = 1024
        return limits
    }

    @Test func aRequestWithinTheLimitsPasses() {
        var headers = HTTPFields()
        headers[.accept] = "application/json"
        headers[.userAgent] = String(repeating: "a", count: 900)
        #expect(HeaderLimitCheck(limits: limits).refusal(of: pipelineRequest(headers: headers)) == nil)
    }

    @Test func tooManyFieldsAreRefusedWithTheirCount() async throws {
        var headers = HTTPFields()
        for index in 0..<4 { headers.append(HTTPField(name: HTTPField.Name("X-Field-\(index)")!, value: "1")) }
        let refusal = try #require(HeaderLimitCheck(limits: limits).refusal(of: pipelineRequest(headers: headers)))
        #expect(refusal.status == .requestHeaderFieldsTooLarge)
        #expect(refusal.headers[.accessControlAllowOrigin] == "*")
        #expect(
            try await bodyText(refusal)
                == #"{"success":false,"error":"The request has 4 header fields; at most 3 are allowed."}"#)
    }

    @Test func fieldsTooLargeAreRefusedWithoutABodyForHead() async throws {
        var headers = HTTPFields()
        headers[.userAgent] = String(repeating: "a", count: 1100)
        let check = HeaderLimitCheck(limits: limits)
        let refusal = try #require(check.refusal(of: pipelineRequest(headers: headers)))
        #expect(refusal.status == .requestHeaderFieldsTooLarge)
        #expect(try await bodyText(refusal).contains("larger than 1 KiB"))
        let headRefusal = try #require(check.refusal(of: pipelineRequest(.head, headers: headers)))
        #expect(headRefusal.status == .requestHeaderFieldsTooLarge)
        #expect(try await bodyText(headRefusal).isEmpty)
    }
}
