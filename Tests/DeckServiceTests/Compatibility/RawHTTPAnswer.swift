import Foundation

/// An HTTP/1.1 answer read off a socket: status, headers (names lowercased) and body.
struct RawHTTPAnswer: Sendable {
    let status: Int
    let headers: [String: String]
    let body: String

    /// Parses a whole answer, as ``sendRawHTTP(_:port:timeoutSeconds:)`` returns it; `nil` if it is not HTTP.
    init?(_ text: String) {
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusWords = head[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/"), let status = Int(statusWords[1]) else {
            return nil
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let rest = String(text[split.upperBound...])
        self.status = status
        self.headers = headers
        self.body = headers["transfer-encoding"]?.lowercased() == "chunked" ? Self.unchunked(rest) : rest
    }

    private static func unchunked(_ text: String) -> String {
        var body = ""
        var rest = Substring(text)
        while let lineEnd = rest.range(of: "\r\n"),
            let size = Int(rest[..<lineEnd.lowerBound].split(separator: ";")[0], radix: 16), size > 0
        {
            let start = lineEnd.upperBound
            let utf8 = rest.utf8
            guard let end = utf8.index(start, offsetBy: size, limitedBy: utf8.endIndex) else { break }
            body += rest[start..<end]
            rest = rest[end...].dropFirst(2)
        }
        return body
    }
}
