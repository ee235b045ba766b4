import HTTPTypes
import Hummingbird

/// Cross-origin reads, as with the public API: every answer may be read from any origin
/// (``addHeaders(to:)``), and a preflight (`OPTIONS`, which never changes state) is answered
/// without reaching the API (``preflightResponse(to:)``).
enum CORS {
    /// The label a preflight is counted under.
    static let preflightLabel = "preflight"

    /// The answer to a preflight when `request` is one (`OPTIONS`); `nil` otherwise.
    static func preflightResponse(to request: Request) -> Response? {
        guard request.method == .options else { return nil }
        return Response(status: .ok, headers: preflightHeaders(for: request.headers))
    }

    static let allowedMethods = "GET, POST, DELETE, HEAD, OPTIONS"
    static let maxAgeSeconds = "86400"

    /// Adds `Access-Control-Allow-Origin: *`, unless the fields already say so (as the JSON
    /// answers' shared headers do: leaving them unchanged keeps their storage shared).
    static func addHeaders(to fields: inout HTTPFields) {
        guard !fields.contains(allowAnyOrigin) else { return }
        fields[.accessControlAllowOrigin] = "*"
    }

    /// Lets a page of another origin read the answers' `ETag` (for `If-Match`) and whether an
    /// answer was replayed for a resent idempotency key.
    static func exposeHeaders(to fields: inout HTTPFields) {
        fields[.accessControlExposeHeaders] = "ETag, Idempotent-Replayed"
    }

    private static let allowAnyOrigin = HTTPField(name: .accessControlAllowOrigin, value: "*")

    /// The headers of a preflight answer: allowed methods and headers, and how long to cache them.
    static func preflightHeaders(for request: HTTPFields) -> HTTPFields {
        var fields = HTTPFields()
        addHeaders(to: &fields)
        fields[.accessControlAllowMethods] = allowedMethods
        fields[.accessControlAllowHeaders] = request[.accessControlRequestHeaders] ?? "Content-Type"
        fields[.accessControlMaxAge] = maxAgeSeconds
        fields[.allow] = allowedMethods
        return fields
    }
}
