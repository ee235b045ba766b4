import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import TableCore

/// Answers requests that are not valid HTTP/1.1 (an unknown method such as `FOO`, a malformed
/// request line or header, too many header bytes) with the API's JSON error, then closes the
/// connection.
///
/// Such requests never reach the responder: NIO's parser rejects them. Without this handler the
/// client would get Hummingbird's bare `400` with an empty body. It sits after the HTTP codec, so
/// it writes `HTTPResponsePart`s; when a response is already being written on the connection it
/// only closes it, since a second response cannot start in the middle of the first.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var responseInProgress = false
    private var answered = false
    /// Where the answers are counted (under `malformed`).
    private let metrics: ServiceMetrics?

    init(metrics: ServiceMetrics? = nil) {
        self.metrics = metrics
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational: responseInProgress = true
        case .end: responseInProgress = false
        default: break
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // Only the first parse error gets an answer; the parser stops at it.
        guard !answered else { return }
        answered = true
        if responseInProgress {
            context.close(promise: nil)
        } else {
            context.answerAndClose(.badRequest(Self.message(for: parserError)), countedIn: metrics, as: "malformed")
        }
    }

    /// What was wrong, in words a client developer can act on.
    static func message(for error: HTTPParserError) -> String {
        switch error {
        case .invalidMethod:
            "The request method is not an HTTP method this server knows; the API answers "
                + CORS.allowedMethods + "."
        case .headerOverflow:
            "The request's headers are too large."
        case .invalidURL:
            "The request target is not a valid URL path."
        case .invalidVersion:
            "The request is not HTTP/1.0 or HTTP/1.1."
        case .invalidHeaderToken, .invalidConstant, .lfExpected, .invalidCharactersUsed:
            "The request line or a header is malformed."
        case .invalidContentLength, .unexpectedContentLength:
            "The request's Content-Length is invalid."
        case .invalidChunkSize:
            "The request's chunked body is malformed."
        default:
            "The request is not valid HTTP/1.1."
        }
    }
}
