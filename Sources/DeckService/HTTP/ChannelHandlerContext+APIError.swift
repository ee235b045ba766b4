import HTTPTypes
import NIOCore
import NIOHTTPTypes
import TableCore

extension ChannelHandlerContext {
    /// Writes `error` as the API's JSON answer with `Connection: close`, then closes the connection.
    ///
    /// For handlers that sit after the HTTP codec and answer on their own, before or instead of the
    /// responder: a malformed request, a client that is too slow, one connection too many.
    ///
    /// Such an answer is counted in the metrics as any other request's is, under `label`.
    ///
    /// - Parameters:
    ///   - error: the status and message to answer with.
    ///   - metrics: where the answer is counted; `nil` counts it nowhere.
    ///   - label: the route label it is counted under (`malformed`, `timeout`, `over-capacity`).
    func answerAndClose(_ error: APIError, countedIn metrics: ServiceMetrics?, as label: String) {
        let response = error.response
        metrics?.requestAnswered(route: label, status: Int(response.status.code), duration: .zero)
        var body = channel.allocator.buffer(capacity: response.json.utf8.count)
        body.writeString(response.json)
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        CORS.addHeaders(to: &fields)
        write(NIOAny(HTTPResponsePart.head(HTTPResponse(status: response.status, headerFields: fields))), promise: nil)
        write(NIOAny(HTTPResponsePart.body(body)), promise: nil)
        writeAndFlush(NIOAny(HTTPResponsePart.end(nil)), promise: nil)
        close(promise: nil)
    }
}
