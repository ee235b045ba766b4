import PlayingCards

/// The parameters of one request, from one source: the query string, or for `POST` the form body
/// only (the query string of a `POST` is ignored, as in the public API).
///
/// If a parameter repeats, the last value wins, as in the public API. Values are percent-decoded,
/// with `+` meaning a space; a name without `=` has the empty value.
package struct APIParameters: Sendable {
    /// The most codes a `cards=` list may hold.
    package static let maximumCardListLength = 1_100
    /// The largest `count` accepted.
    package static let maximumCount = 1_000_000

    private var values: [String: String] = [:]

    /// Reads `name=value` pairs separated by `&`.
    ///
    /// - Parameter encoded: a query string or form body; `nil` for none.
    package init(encoded: String?) {
        guard let encoded else { return }
        // Cut byte by byte: `&` and `=` are ASCII, so the indices around them are valid places to
        // cut the string (splitting by a `Character` walks grapheme clusters, several times slower).
        let bytes = encoded.utf8
        var pairStart = bytes.startIndex
        while pairStart != bytes.endIndex {
            let pairEnd = bytes[pairStart...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            if pairStart != pairEnd { add(encoded[pairStart..<pairEnd]) }
            pairStart = pairEnd == bytes.endIndex ? pairEnd : bytes.index(after: pairEnd)
        }
    }

    /// Adds one `name=value` pair, or a `name` without a value.
    private mutating func add(_ pair: Substring) {
        if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
            values[Self.decode(pair[..<equals])] = Self.decode(pair[pair.utf8.index(after: equals)...])
        } else {
            values[Self.decode(pair)] = ""
        }
    }

    /// Takes decoded `(name, value)` pairs, such as a multipart body's fields; the last value wins.
    ///
    /// - Parameter fields: the pairs, in order.
    package init(fields: [(String, String)]) {
        for (name, value) in fields { values[name] = value }
    }

    /// The raw value of a parameter, if given.
    package subscript(name: String) -> String? { values[name] }

    /// Every parameter as the request is read (the last value of a repeated name), sorted by name:
    /// the same for two requests that differ only in their order or repeats.
    package var sortedPairs: [(name: String, value: String)] {
        values.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// An integer parameter that defaults to 1 when absent, read as Python's `int()` reads it.
    ///
    /// Values beyond `Int`'s range saturate, so range checks (such as the deck count's) apply to them.
    package func integer(_ name: String) throws(APIError) -> Int {
        guard let text = values[name] else { return 1 }
        guard let value = PythonInteger.parse(text) else {
            throw .badRequest(
                "The parameter '" + name + "' must be a whole number, got '" + Self.quoted(text) + "'.")
        }
        return value
    }

    /// `count`: a whole number, 0 or more, default 1.
    package func count() throws(APIError) -> Int {
        let count = try integer("count")
        guard count >= 0 else {
            throw .badRequest("The parameter 'count' must be 0 or more, got " + String(count) + ".")
        }
        guard count <= Self.maximumCount else {
            throw .badRequest("The parameter 'count' must be at most " + String(Self.maximumCount) + ".")
        }
        return count
    }

    /// A boolean given as `true` or `false` in any case; anything else is "not given".
    package func boolean(_ name: String) -> Bool? {
        switch values[name]?.lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// `seed` (a Riffle extension): `nil` when absent, otherwise the seeded shuffle (`riffle-shuffle-v1`) it names;
    /// a seed must be 1 to 256 bytes of UTF-8 text.
    package func seed() throws(APIError) -> SeededShuffle? {
        guard let text = values["seed"] else { return nil }
        do {
            return try SeededShuffle(seed: text)
        } catch {
            throw .badRequest(
                "The parameter 'seed' must be 1 to " + String(SeededShuffle.maximumSeedBytes)
                    + " bytes of text; it was " + String(text.utf8.count) + ".")
        }
    }

    /// `cards`: `nil` when absent, otherwise the known codes in order (none for an empty value,
    /// which is an empty list, not an absent one).
    package func cards() throws(APIError) -> [Card]? {
        guard let text = values["cards"] else { return nil }
        guard CardList.itemCount(text) <= Self.maximumCardListLength else {
            throw .badRequest(
                "The parameter 'cards' lists more than " + String(Self.maximumCardListLength) + " card codes.")
        }
        return CardList.parse(text)
    }

    /// A value shown back in an error message: at most 40 characters, printable ASCII only.
    private static func quoted(_ text: String) -> String {
        var shown = String(text.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 32 ? Character($0) : "?" })
        if text.unicodeScalars.count > 40 { shown += "…" }
        return shown
    }

    /// Percent-decodes a form or query component, `+` as a space; malformed escapes stay as they are.
    package static func decode<S: StringProtocol>(_ component: S) -> String {
        let escaped = component.utf8.contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }
        guard escaped else { return String(component) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var iterator = component.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next() else {
                    bytes.append(byte)
                    break
                }
                guard let low = iterator.next() else {
                    bytes.append(contentsOf: [byte, high])
                    break
                }
                if let value = hexValue(high).flatMap({ h in hexValue(low).map { h << 4 | $0 } }) {
                    bytes.append(value)
                } else {
                    bytes.append(contentsOf: [byte, high, low])
                }
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
