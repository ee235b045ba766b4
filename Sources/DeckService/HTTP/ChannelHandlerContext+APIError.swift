import HTTPTypes
import NIOCore
import NIOHTTPTypes

extension ChannelHandlerContext {
    /// Writes `error` as the API's JSON answer with `Connection: close`, then closes the connection.
    ///
    /// For handlers that sit after the HTTP codec and answer on their own, before or instead of the
    /// responder: a malformed request, a client that is too slow, one connection too many.
    ///
    /// - Parameter error: the status and message to answer with.
    func answerAndClose(_ error: APIError) {
        let response = error.response
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
