import Foundation

/// A JSON value that can be compared, printed and sent between tasks.
///
/// Objects compare as dictionaries: the same keys with equal values, whatever their order.
enum JSONValue: Codable, Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses JSON text; `nil` when it is not JSON.
    static func parse(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// Compact JSON with sorted keys, for failure messages.
    var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    /// The value of a key of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The value with every string rewritten by `transform`, recursively.
    func mappingStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .string(let value): .string(transform(value))
        case .array(let values): .array(values.map { $0.mappingStrings(transform) })
        case .object(let object): .object(object.mapValues { $0.mappingStrings(transform) })
        default: self
        }
    }

    /// The value with every array under a `key` rewritten by `transform`, recursively.
    func mappingArrays(under key: String, _ transform: ([JSONValue]) -> JSONValue) -> JSONValue {
        switch self {
        case .array(let values):
            return .array(values.map { $0.mappingArrays(under: key, transform) })
        case .object(let object):
            var mapped: [String: JSONValue] = [:]
            for (name, value) in object {
                if name == key, case .array(let values) = value {
                    mapped[name] = transform(values)
                } else {
                    mapped[name] = value.mappingArrays(under: key, transform)
                }
            }
            return .object(mapped)
        default:
            return self
        }
    }
}
