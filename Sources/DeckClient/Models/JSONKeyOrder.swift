import Foundation

/// Reads the order of an object's keys from raw JSON, which `Decodable` does not keep.
///
/// The API lists piles in creation order; this scanner finds the keys of one member object of
/// the top-level object without building the document. It is lenient: on anything it does not
/// understand it returns `nil`, and callers fall back to sorted names.
enum JSONKeyOrder {
    /// The keys of the object at `member` of the top-level object, in document order.
    ///
    /// - Parameters:
    ///   - member: the top-level key, such as `"piles"`.
    ///   - data: the JSON document.
    /// - Returns: the keys, or `nil` when the member is absent, not an object, or the JSON is invalid.
    /// - Complexity: O(*n*) in the size of the document.
    static func keys(ofObjectAt member: String, in data: Data) -> [String]? {
        var scanner = Scanner(bytes: Array(data))
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        while true {
            guard let key = scanner.string(), scanner.consume(UInt8(ascii: ":")) else { return nil }
            if key == member {
                return scanner.objectKeys()
            }
            guard scanner.skipValue() else { return nil }
            guard scanner.consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// The raw JSON of member `key` of each object in the array at `member` of the top-level object, in document
    /// order: each event's `data` in a history page, kept as text so that its own keys' order can be read too.
    ///
    /// - Parameters:
    ///   - key: the member of each element, such as `"data"`.
    ///   - member: the top-level key of the array, such as `"events"`.
    ///   - data: the JSON document.
    /// - Returns: one value's bytes per element (`nil` for an element without `key`), or `nil` when the array is
    ///   absent or the JSON is invalid.
    static func rawValues(of key: String, inElementsOf member: String, in data: Data) -> [Data?]? {
        var scanner = Scanner(bytes: Array(data))
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        while true {
            guard let name = scanner.string(), scanner.consume(UInt8(ascii: ":")) else { return nil }
            if name == member { return scanner.rawMembers(key) }
            guard scanner.skipValue() else { return nil }
            guard scanner.consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string token, unescaped through `JSONDecoder` so escapes come out right.
        mutating func string() -> String? {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return try? JSONDecoder().decode(String.self, from: Data(bytes[start..<index]))
                default: index += 1
                }
            }
            return nil
        }

        mutating func objectKeys() -> [String]? {
            guard consume(UInt8(ascii: "{")) else { return nil }
            var keys: [String] = []
            if consume(UInt8(ascii: "}")) { return keys }
            while true {
                guard let key = string(), consume(UInt8(ascii: ":")), skipValue() else { return nil }
                keys.append(key)
                if consume(UInt8(ascii: "}")) { return keys }
                guard consume(UInt8(ascii: ",")) else { return nil }
            }
        }

        /// The raw value of `key` in each object of an array.
        mutating func rawMembers(_ key: String) -> [Data?]? {
            guard consume(UInt8(ascii: "[")) else { return nil }
            var values: [Data?] = []
            if consume(UInt8(ascii: "]")) { return values }
            while true {
                guard consume(UInt8(ascii: "{")) else { return nil }
                var found: Data?
                if !consume(UInt8(ascii: "}")) {
                    while true {
                        guard let name = string(), consume(UInt8(ascii: ":")) else { return nil }
                        skipWhitespace()
                        let start = index
                        guard skipValue() else { return nil }
                        if name == key { found = Data(bytes[start..<index]) }
                        if consume(UInt8(ascii: "}")) { break }
                        guard consume(UInt8(ascii: ",")) else { return nil }
                    }
                }
                values.append(found)
                if consume(UInt8(ascii: "]")) { return values }
                guard consume(UInt8(ascii: ",")) else { return nil }
            }
        }

        /// Skips one value of any kind; `false` on malformed input.
        mutating func skipValue() -> Bool {
            skipWhitespace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                let start = index
                while index < bytes.count,
                    ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index])
                {
                    index += 1
                }
                return index > start
            }
        }
    }
}
