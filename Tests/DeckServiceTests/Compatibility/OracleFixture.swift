import Foundation
import Testing

/// The recorded answers of the original Deck of Cards service
/// (`Tests/CompatibilityFixtures/deckofcards-oracle.json`, written by `scripts/record-oracle.py`).
struct OracleFixture: Decodable, Sendable {
    let source: String
    let scenarios: [OracleScenario]

    /// The fixture file next to the test sources.
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CompatibilityFixtures/deckofcards-oracle.json")

    /// The fixture, read once.
    static let loaded: Result<OracleFixture, any Error> = Result {
        try JSONDecoder().decode(OracleFixture.self, from: Data(contentsOf: url))
    }

    /// The scenarios, or none when the fixture cannot be read (``OracleReplayTests`` fails then).
    static var scenarios: [OracleScenario] { (try? loaded.get().scenarios) ?? [] }
}

/// Requests sent one after another, each step's answer recorded from the original.
struct OracleScenario: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let covers: [String]
    let steps: [OracleStep]

    var testDescription: String { name }
}

/// One request and the original's answer, plus Riffle's own answer where it deliberately differs.
struct OracleStep: Decodable, Sendable {
    let method: String
    let path: String
    let query: String?
    let body: String?
    let contentType: String?
    let headers: [String: String]?
    /// A name for the deck id this step's answer creates; later paths say `{name}`.
    let bind: String?
    /// How `cards` arrays compare: `exact` (absent), `unordered` or `count`.
    let cards: String?
    let original: RecordedAnswer
    let riffle: RiffleRule?
}

/// What the original answered, normalized.
struct RecordedAnswer: Decodable, Sendable {
    let status: Int
    let json: JSONValue?
    /// The content type of a body that is not JSON (the original's HTML pages).
    let body: String?
    let location: String?
    let accessControlAllowOrigin: String?
}

/// Riffle's answer by its own rule, for a documented improvement over the original.
struct RiffleRule: Decodable, Sendable {
    let status: Int
    /// The exact body, normalized as the original's is.
    let json: JSONValue?
    /// For an error body: a text its `error` must contain.
    let errorMentions: String?
    /// No body at all (`HEAD`, CORS preflight).
    let noBody: Bool?
    /// Headers that must be present.
    let headers: [String]?
    /// The improvement, as docs/API-DIFFERENCES.md names it.
    let rule: String
}
