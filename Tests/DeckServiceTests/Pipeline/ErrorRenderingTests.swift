import Hummingbird
import Logging
import Testing

@testable import DeckService
@testable import TableCore

/// The one place errors become answers: an ``APIError`` as the API's JSON, anything else as a
/// `503` that does not repeat it, counted and logged under the request's route label.
@Suite struct ErrorRenderingTests {
    private struct DatabaseFailure: Error, CustomStringConvertible {
        var description: String { "disk I/O error at /var/lib/secret.sqlite" }
    }

    @Test func anAPIErrorIsItsOwnJSONAnswerWithoutABodyForHead() async throws {
        let metrics = ServiceMetrics()
        let rendering = ErrorRendering(metrics: metrics, logger: Logger(label: "test"))
        var error = APIError(status: .serviceUnavailable, message: "Busy.")
        error.retryAfterSeconds = 7
        let answer = rendering.response(to: error, request: pipelineRequest(), context: PipelineTestContext())
        #expect(answer.status == .serviceUnavailable)
        #expect(answer.headers[.retryAfter] == "7")
        #expect(answer.headers[.contentType] == "application/json")
        #expect(try await bodyText(answer) == #"{"success":false,"error":"Busy."}"#)
        let head = rendering.response(to: error, request: pipelineRequest(.head), context: PipelineTestContext())
        #expect(head.status == .serviceUnavailable)
        #expect(try await bodyText(head).isEmpty)
        #expect(metrics.exposition(decksStored: nil).contains("riffle_storage_errors_total 0"))
    }

    @Test func anyOtherErrorIsA503ThatDoesNotRepeatIt() async throws {
        let metrics = ServiceMetrics()
        let rendering = ErrorRendering(metrics: metrics, logger: Logger(label: "test"))
        let context = PipelineTestContext()
        context.routeLabel = "draw"
        let answer = rendering.response(to: DatabaseFailure(), request: pipelineRequest(), context: context)
        #expect(answer.status == .serviceUnavailable)
        let body = try await bodyText(answer)
        #expect(body.contains("The deck store is unavailable right now"))
        #expect(!body.contains("secret"))
        #expect(metrics.exposition(decksStored: nil).contains("riffle_storage_errors_total 1"))
    }

    /// An error whose own answer cannot be made is still answered (`500`, JSON), so that the
    /// pipeline counts the request as it counts every other.
    @Test func anErrorWhoseAnswerFailsIsA500() async throws {
        struct UnanswerableError: HTTPResponseError {
            struct RenderingFailed: Error {}
            var status: HTTPResponse.Status { .badRequest }
            func response(from request: Request, context: some RequestContext) throws -> Response {
                throw RenderingFailed()
            }
        }
        let metrics = ServiceMetrics()
        let rendering = ErrorRendering(metrics: metrics, logger: Logger(label: "test"))
        let answer = rendering.response(
            to: UnanswerableError(), request: pipelineRequest(), context: PipelineTestContext())
        #expect(answer.status == .internalServerError)
        #expect(answer.headers[.contentType] == "application/json")
        #expect(try await bodyText(answer).contains("could not put its answer together"))
    }
}
