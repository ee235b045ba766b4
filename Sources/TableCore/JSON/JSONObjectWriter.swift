/// Writes one JSON object, key by key, straight into a string.
///
/// The API's responses are small, fixed shapes; writing them directly costs a fraction of what a
/// general-purpose encoder does on the hot draw path (see PERF-NOTES: Foundation's coders cost
/// more per request than SQLite's own transaction).
package struct JSONObjectWriter {
    package private(set) var text: String
    private var isEmpty = true

    package init(capacity: Int = 128) {
        text = "{"
        text.reserveCapacity(capacity)
    }

    /// The finished object, closed in the writer's own storage rather than a copy; the writer is
    /// used up.
    package consuming func finished() -> String {
        text += "}"
        return text
    }

    package mutating func add(_ key: StaticString, string value: String) {
        writeKey(key)
        Self.writeString(value, to: &text)
    }

    package mutating func add(_ key: StaticString, int value: Int) {
        writeKey(key)
        text += String(value)
    }

    package mutating func add(_ key: StaticString, bool value: Bool) {
        writeKey(key)
        text += value ? "true" : "false"
    }

    /// Adds a value that is already JSON text.
    package mutating func add(_ key: StaticString, json value: String) {
        writeKey(key)
        text += value
    }

    /// Adds a key that is not known at compile time, such as a pile name.
    package mutating func add(dynamicKey key: String, json value: String) {
        if !isEmpty { text += "," }
        isEmpty = false
        Self.writeString(key, to: &text)
        text += ":"
        text += value
    }

    private mutating func writeKey(_ key: StaticString) {
        if !isEmpty { text += "," }
        isEmpty = false
        text += "\""
        text += key.description
        text += "\":"
    }

    /// Appends `value` as a JSON string literal, escaping quotes, backslashes and control characters.
    package static func writeString(_ value: String, to text: inout String) {
        text += "\""
        var needsEscaping = false
        for byte in value.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            needsEscaping = true
            break
        }
        if !needsEscaping {
            text += value
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}

/// Writes a JSON array of values that are already JSON text.
package func jsonArray<C: Collection>(_ elements: C) -> String where C.Element == String {
    var text = "["
    var first = true
    for element in elements {
        if !first { text += "," }
        first = false
        text += element
    }
    return text + "]"
}
