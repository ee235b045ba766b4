import Hummingbird
import Logging

@testable import DeckService

/// A request as the pipeline's concerns see it, without a server.
func pipelineRequest(
    _ method: HTTPRequest.Method = .get, path: String = "/api/deck/new/", headers: HTTPFields = [:]
) -> Request {
    Request(
        head: HTTPRequest(method: method, scheme: "http", authority: "cards.test", path: path, headerFields: headers),
        body: RequestBody(buffer: ByteBuffer()))
}

/// The smallest request context: Hummingbird's core storage (where the route label is kept) and a
/// logger, no connection.
struct PipelineTestContext: RequestContext {
    struct Source: RequestContextSource {
        let logger: Logger
    }

    var coreContext: CoreRequestContextStorage

    init(source: Source) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    init() {
        self.init(source: Source(logger: Logger(label: "pipeline-test")))
    }
}

/// The body of an answer as text.
func bodyText(_ response: Response) async throws -> String {
    let collected = CollectedBody()
    try await response.body.write(CollectingBodyWriter(collected: collected))
    return String(buffer: collected.bytes)
}

/// What a ``CollectingBodyWriter`` was given.
final class CollectedBody {
    var bytes = ByteBuffer()
}

/// Collects what a response body writes.
struct CollectingBodyWriter: ResponseBodyWriter {
    let collected: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        collected.bytes.writeImmutableBuffer(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
