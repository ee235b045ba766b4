import Foundation
import PlayingCards
import RiffleTestSupport

/// Replays one recorded scenario against a running Riffle server and lists every difference.
///
/// Riffle's answers are normalized as the recorder normalized the original's: deck ids bound by a
/// step become `{name}`, the image base URL becomes `{base}`, and `cards` arrays compare as the
/// step says (exactly, as a multiset of codes, or by number and shape).
struct OracleReplay {
    /// The public base URL the test server writes into image URLs.
    static let publicURL = "http://cards.test"

    let port: Int
    private var bindings: [(name: String, id: String)] = []

    init(port: Int) { self.port = port }

    /// Sends every step in order; returns a description of each difference (none when Riffle agrees).
    mutating func run(_ scenario: OracleScenario) async throws -> [String] {
        var differences: [String] = []
        for (index, step) in scenario.steps.enumerated() {
            let answer = try await send(step)
            let label = "step \(index + 1) \(step.method) \(step.path)" + (step.query.map { "?" + $0 } ?? "")
            for difference in compare(step, answer) { differences.append(label + ": " + difference) }
        }
        return differences
    }

    private mutating func send(_ step: OracleStep) async throws -> RawHTTPAnswer {
        var target = step.path
        for binding in bindings { target = target.replacingOccurrences(of: "{" + binding.name + "}", with: binding.id) }
        if let query = step.query { target += "?" + query }
        var request = step.method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let contentType = step.contentType { request += "Content-Type: " + contentType + "\r\n" }
        for (name, value) in step.headers ?? [:] { request += name + ": " + value + "\r\n" }
        let body = step.body ?? ""
        if step.body != nil || step.method == "POST" { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + body
        let text = try await sendRawHTTP(request, port: port, timeoutSeconds: 600)
        guard let answer = RawHTTPAnswer(text) else {
            throw RawHTTPError(description: "not an HTTP answer: \(text.prefix(200))")
        }
        if let name = step.bind, let json = JSONValue.parse(answer.body), json["success"] == .bool(true),
            case .string(let id)? = json["deck_id"]
        {
            bindings.append((name, id))
        }
        return answer
    }

    private func compare(_ step: OracleStep, _ answer: RawHTTPAnswer) -> [String] {
        if let rule = step.riffle { return compare(answer, rule: rule, cards: step.cards) }
        var differences: [String] = []
        let original = step.original
        if answer.status != original.status {
            differences.append("status \(answer.status), the original's \(original.status)")
        }
        if let expected = original.json {
            differences += compareJSON(answer, expected: expected, cards: step.cards)
        } else if let kind = original.body {
            differences.append("the original answered \(kind) here; a documented Riffle rule must say what Riffle does")
        }
        if let location = original.location, normalized(answer.headers["location"] ?? "") != location {
            differences.append("Location \(answer.headers["location"] ?? "none"), the original's \(location)")
        }
        if let origin = original.accessControlAllowOrigin, answer.headers["access-control-allow-origin"] != origin {
            differences.append("Access-Control-Allow-Origin \(answer.headers["access-control-allow-origin"] ?? "none")")
        }
        return differences
    }

    private func compare(_ answer: RawHTTPAnswer, rule: RiffleRule, cards: String?) -> [String] {
        var differences: [String] = []
        if answer.status != rule.status {
            differences.append("status \(answer.status), Riffle's rule (\(rule.rule)) says \(rule.status)")
        }
        if let expected = rule.json { differences += compareJSON(answer, expected: expected, cards: cards) }
        if let mention = rule.errorMentions {
            let json = JSONValue.parse(answer.body)
            guard case .object(let object)? = json, Set(object.keys) == ["success", "error"],
                object["success"] == .bool(false), case .string(let message)? = object["error"],
                message.contains(mention)
            else {
                return differences + ["body \(answer.body.prefix(300)) is not an error mentioning \(mention)"]
            }
        }
        if rule.noBody == true, !answer.body.isEmpty { differences.append("a body where none belongs") }
        for header in rule.headers ?? [] where answer.headers[header] == nil {
            differences.append("no \(header) header (\(rule.rule))")
        }
        return differences
    }

    private func compareJSON(_ answer: RawHTTPAnswer, expected: JSONValue, cards: String?) -> [String] {
        guard answer.headers["content-type"] == "application/json" else {
            return ["content type \(answer.headers["content-type"] ?? "none"), not application/json"]
        }
        guard let json = JSONValue.parse(answer.body) else { return ["body is not JSON: \(answer.body.prefix(200))"] }
        let actual = Self.comparable(json.mappingStrings(normalized), cards: cards)
        let wanted = Self.comparable(expected, cards: cards)
        return actual == wanted ? [] : ["body\n    \(actual)\n  expected\n    \(wanted)"]
    }

    /// A string with bound deck ids as `{name}` and the image base URL as `{base}`.
    private func normalized(_ text: String) -> String {
        var text = text
        for binding in bindings { text = text.replacingOccurrences(of: binding.id, with: "{" + binding.name + "}") }
        if text.hasPrefix(Self.publicURL + "/") { text = "{base}" + text.dropFirst(Self.publicURL.count) }
        return text
    }

    /// `cards` arrays as the step compares them: sorted by code (`unordered`), or each card replaced
    /// by whether it is a well-formed card object (`count`).
    private static func comparable(_ json: JSONValue, cards: String?) -> JSONValue {
        switch cards {
        case "unordered":
            return json.mappingArrays(under: "cards") { cards in
                .array(cards.sorted { $0.description < $1.description })
            }
        case "count":
            return json.mappingArrays(under: "cards") { cards in
                .array(cards.map { isWellFormedCard($0) ? .string("a card") : $0 })
            }
        default:
            return json
        }
    }

    /// Whether a card object has exactly the API's keys and values for its code.
    static func isWellFormedCard(_ json: JSONValue) -> Bool {
        guard case .string(let code)? = json["code"], let card = Card(code: code) else { return false }
        let image = "{base}/static/img/" + card.imageName
        let expected: JSONValue = .object([
            "code": .string(card.code), "image": .string(image + ".png"),
            "images": .object(["svg": .string(image + ".svg"), "png": .string(image + ".png")]),
            "value": .string(card.valueName), "suit": .string(card.suitName),
        ])
        return json == expected
    }
}
