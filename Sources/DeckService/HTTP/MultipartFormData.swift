/// Reads the fields of a `multipart/form-data` body, as the public API (Django's `request.POST`)
/// does for a `POST` such as a browser's `fetch(url, {method: "POST", body: new FormData(form)})`.
///
/// Only plain fields count; file parts (those with a `filename`) are skipped. Values are taken as
/// UTF-8 text, not percent-decoded.
///
/// ```swift
/// let fields = try MultipartFormData.fields(body, contentType: "multipart/form-data; boundary=X")
/// ```
enum MultipartFormData {
    /// A body that is not well-formed multipart data.
    struct Malformed: Error {}

    /// The body's fields, in order.
    ///
    /// - Parameters:
    ///   - body: the request body.
    ///   - contentType: the request's `Content-Type`, which names the boundary.
    /// - Returns: `(name, value)` pairs.
    /// - Throws: ``Malformed`` when the boundary is missing or the parts cannot be read.
    /// - Complexity: O(*n* · *b*) for an *n*-byte body and a *b*-byte boundary.
    static func fields(_ body: [UInt8], contentType: String) throws(Malformed) -> [(String, String)] {
        guard let boundary = boundary(in: contentType), !boundary.isEmpty, boundary.utf8.count <= 200 else {
            throw Malformed()
        }
        let delimiter = Array(("--" + boundary).utf8)
        guard var position = find(delimiter, in: body, from: 0) else { throw Malformed() }
        var fields: [(String, String)] = []
        while true {
            position += delimiter.count
            if body[position...].starts(with: Array("--".utf8)) { return fields }
            guard body[position...].starts(with: [13, 10]) else { throw Malformed() }
            position += 2
            guard let headerEnd = find([13, 10, 13, 10], in: body, from: position),
                let next = find([13, 10] + delimiter, in: body, from: headerEnd + 4)
            else { throw Malformed() }
            let headers = String(decoding: body[position..<headerEnd], as: UTF8.self)
            if let name = fieldName(headers) {
                fields.append((name, String(decoding: body[(headerEnd + 4)..<next], as: UTF8.self)))
            }
            position = next + 2
        }
    }

    /// The `boundary` parameter of a `multipart/form-data` content type, unquoted.
    private static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces().lowercased() == "boundary" else { continue }
            var value = parts[1].trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    /// The `name` of a plain field's `Content-Disposition: form-data`, or `nil` for a file or no name.
    private static func fieldName(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces().lowercased() == "content-disposition" else { continue }
            var name: String?
            for parameter in parts[1].split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                var value = pair[1].trimmingSpaces()
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                switch pair[0].trimmingSpaces().lowercased() {
                case "name": name = String(value)
                case "filename", "filename*": return nil
                default: break
                }
            }
            return name
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
