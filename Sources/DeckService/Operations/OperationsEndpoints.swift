import DeckStorage
import Hummingbird
import LiveTables

/// `GET /health`, `GET /metrics` and `GET /openapi.json`: what operators and tools read.
struct OperationsEndpoints: Sendable {
    let store: any DeckStore
    let metrics: ServiceMetrics
    /// The event hub, whose open streams `/metrics` counts.
    let hub: EventHub?
    /// The requests being answered, which `/metrics` counts.
    let requestsInFlight: RequestsInFlight

    /// The metrics label of an operations path, or `nil` when `path` is not one.
    static func label(for path: String) -> String? {
        switch path {
        case "/health": "health"
        case "/metrics": "metrics"
        case "/openapi.json": "openapi"
        default: nil
        }
    }

    /// Answers an operations path (see ``label(for:)``).
    func respond(to path: String, head: Bool) async -> Response {
        switch path {
        case "/health":
            do {
                try await store.checkHealth()
                return Self.text(#"{"status":"ok"}"#, status: .ok, contentType: "application/json", head: head)
            } catch {
                metrics.storageFailed()
                return Self.text(
                    #"{"success":false,"status":"unavailable","error":"The deck store cannot be reached."}"#,
                    status: .serviceUnavailable, contentType: "application/json", head: head)
            }
        case "/metrics":
            let count = try? await store.deckCount()
            return Self.text(
                metrics.exposition(
                    decksStored: count, eventSubscribers: hub?.subscriberCount ?? 0,
                    requestsInFlight: requestsInFlight.count),
                status: .ok,
                contentType: "text/plain; version=0.0.4; charset=utf-8", head: head)
        default:
            return Self.text(OpenAPIDocument.json, status: .ok, contentType: "application/json", head: head)
        }
    }

    private static func text(
        _ text: String, status: HTTPResponse.Status, contentType: String, head: Bool
    )
        -> Response
    {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text))
        return Response(status: status, headers: headers, body: body)
    }
}
