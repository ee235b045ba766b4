import DeckClient
import Foundation
import Testing

@testable import DeckService
@testable import TableCore

/// The event kinds are declared once, in `TableEventKind`; every other spelling of them is checked against it: the
/// SDK's `DeckEvent.Kind.known`, the web app's `EVENT_KINDS` (`js/event-kinds.js`) and the OpenAPI document's
/// `EventKind` schema. A kind the server can send and one of them misses fails here, as does a kind one of them lists
/// that the server never sends (a misspelling, or a kind renamed on one side only).
@Suite struct EventKindContractTests {
    static let serverKinds = Set(TableEventKind.allCases.map(\.rawValue))

    @Test func theSDKKnowsEveryKindTheServerSends() {
        let sdkKinds = Set(DeckEvent.Kind.known.map(\.name))
        #expect(Self.serverKinds.subtracting(sdkKinds).isEmpty, "missing from DeckEvent.Kind.known")
        #expect(sdkKinds.subtracting(Self.serverKinds).isEmpty, "in DeckEvent.Kind.known, never sent")
    }

    @Test func theWebAppHandlesEveryKindTheServerSends() throws {
        let webKinds = try Self.webAppKinds()
        #expect(Self.serverKinds.subtracting(webKinds).isEmpty, "missing from the web app's EVENT_KINDS")
        #expect(webKinds.subtracting(Self.serverKinds).isEmpty, "in the web app's EVENT_KINDS, never sent")
    }

    @Test func theOpenAPIDocumentListsEveryKindTheServerSends() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let eventKind = try #require(schemas["EventKind"] as? [String: Any], "openapi.json has no EventKind schema")
        let documented = Set(try #require(eventKind["enum"] as? [String]))
        #expect(documented == Self.serverKinds)
    }

    /// The strings of the `EVENT_KINDS` array literal in the web app's `js/event-kinds.js`.
    static func webAppKinds() throws -> Set<String> {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RiffleWebApp/Public/js/event-kinds.js")
        let source = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(source.range(of: "EVENT_KINDS"), "event-kinds.js declares no EVENT_KINDS")
        let open = try #require(source[start.upperBound...].firstIndex(of: "["))
        let close = try #require(source[open...].firstIndex(of: "]"))
        // Each quoted name of the literal, comments left out.
        let literal = source[source.index(after: open)..<close].split(separator: "\n")
            .map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0] }.joined()
        let kinds = literal.split(whereSeparator: { $0 == "," || $0.isWhitespace })
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")) }.filter { !$0.isEmpty }
        #expect(!kinds.isEmpty)
        return Set(kinds)
    }
}
