import HTTPTypes

/// Matches request paths against the route table (``APIEndpoint/all``).
///
/// Runs on every API request, so the path is cut into segments once, byte by byte, and only the
/// patterns with as many segments are tried, in table order.
struct APIRouteTable: Sendable {
    /// The outcome of matching a request.
    enum Match: Sendable {
        /// The path (with its trailing slash, or an endpoint that answers without) and method name
        /// this endpoint.
        case endpoint(APIEndpoint, RouteCaptures)
        /// The path names an endpoint but lacks its trailing slash: answered with a redirect.
        case missingTrailingSlash
        /// The path names no endpoint.
        case none
    }

    private struct Candidate: Sendable {
        let endpoint: APIEndpoint
        let methods: [HTTPRequest.Method]?
        let pattern: RoutePattern

        func answers(_ method: HTTPRequest.Method) -> Bool {
            guard let methods else { return true }
            return methods.contains(method)
        }
    }

    let endpoints: [APIEndpoint]
    /// The patterns by their number of segments, in table order.
    private let candidates: [[Candidate]]

    init(_ endpoints: [APIEndpoint] = APIEndpoint.all) {
        self.endpoints = endpoints
        var candidates: [[Candidate]] = []
        for endpoint in endpoints {
            for pattern in endpoint.paths {
                while candidates.count <= pattern.segments.count { candidates.append([]) }
                candidates[pattern.segments.count].append(
                    Candidate(endpoint: endpoint, methods: endpoint.methods, pattern: pattern))
            }
        }
        self.candidates = candidates
    }

    /// Matches a request path such as `/api/deck/abc123def456/draw/` and its method.
    func match(path: String, method: HTTPRequest.Method) -> Match {
        guard path.hasPrefix("/api/") || path == "/api" else { return .none }
        let segments = Self.segments(of: path).dropFirst()
        guard segments.count < candidates.count else { return .none }
        for candidate in candidates[segments.count] {
            var captures = RouteCaptures()
            guard candidate.answers(method), candidate.pattern.match(segments, into: &captures) else { continue }
            guard path.utf8.last == UInt8(ascii: "/") || candidate.endpoint.answersWithoutSlash else {
                return .missingTrailingSlash
            }
            return .endpoint(candidate.endpoint, captures)
        }
        return .none
    }

    /// The path's non-empty segments between slashes, found byte by byte (splitting a `String`
    /// by a `Character` walks grapheme clusters, several times slower).
    static func segments(of path: String) -> [Substring] {
        var segments: [Substring] = []
        segments.reserveCapacity(8)
        let bytes = path.utf8
        var segmentStart = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            // `/` is ASCII, so the indices around it are valid places to cut the string.
            if bytes[index] == UInt8(ascii: "/") {
                if segmentStart != index { segments.append(path[segmentStart..<index]) }
                segmentStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if segmentStart != bytes.endIndex { segments.append(path[segmentStart...]) }
        return segments
    }
}
