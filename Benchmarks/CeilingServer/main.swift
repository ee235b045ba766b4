// The throughput ceiling for the server benchmark: the smallest Hummingbird 2 app that answers
// JSON, built and run the same way as `riffle serve`, so the ratio isolates Riffle's own cost.
import Hummingbird

let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8081
let router = Router()
router.get("/ceiling/") { _, _ -> Response in
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(
        status: .ok, headers: headers,
        body: ResponseBody(
            byteBuffer: ByteBuffer(string: #"{"success":true,"deck_id":"abcdefghijkl","remaining":52,"shuffled":true}"#)
        ))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
print("ceiling-server on http://127.0.0.1:\(port)/ceiling/")
try await app.runService()
