import HTTPTypes

/// Cross-origin headers: every response may be read from any origin, as with the public API.
enum CORS {
    static let allowedMethods = "GET, POST, DELETE, HEAD, OPTIONS"
    static let maxAgeSeconds = "86400"

    /// Adds `Access-Control-Allow-Origin: *`, unless the fields already say so (as the JSON
    /// answers' shared headers do: leaving them unchanged keeps their storage shared).
    static func addHeaders(to fields: inout HTTPFields) {
        guard !fields.contains(allowAnyOrigin) else { return }
        fields[.accessControlAllowOrigin] = "*"
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
