import Foundation
import Testing

@testable import DeckService

/// The OpenAPI document describes "every change once" on every operation it applies to.
@Suite struct OpenAPIChangeHeadersTests {
    /// Reads operations (and the events stream) take neither header; every other API operation is a change.
    static let reads: Set<String> = [
        "/api/deck/{deck_id}/", "/api/deck/{deck_id}/drawn/", "/api/deck/{deck_id}/pile/{pile_name}/list/",
        "/api/deck/{deck_id}/events/", "/api/deck/{deck_id}/events", "/api/deck/{deck_id}/history/",
    ]
    static let newDecks: Set<String> = [
        "/api/deck/new/", "/api/new/", "/api/deck/new/shuffle/", "/api/shuffle/", "/api/deck/new/draw/",
    ]

    @Test func everyChangeDocumentsItsKeyItsConditionAndTheirAnswers() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var changes = 0
        for (path, operations) in paths where path.hasPrefix("/api/") {
            for (method, value) in operations {
                let operation = try #require(value as? [String: Any])
                let parameters = (operation["parameters"] as? [[String: Any]] ?? []).compactMap {
                    $0["$ref"] as? String
                }
                let responses = operation["responses"] as? [String: Any] ?? [:]
                let keyed = parameters.contains("#/components/parameters/Idempotency-Key")
                let conditional = parameters.contains("#/components/parameters/If-Match")
                if Self.reads.contains(path) {
                    #expect(!keyed && !conditional, "\(method) \(path) is a read")
                    continue
                }
                changes += 1
                #expect(keyed, "\(method) \(path) takes an Idempotency-Key")
                #expect(responses["422"] != nil, "\(method) \(path) answers 422")
                let isNewDeck = Self.newDecks.contains(path)
                #expect(conditional == !isNewDeck, "\(method) \(path): If-Match on changes of an existing deck")
                #expect((responses["412"] != nil) == !isNewDeck, "\(method) \(path): 412")
            }
        }
        #expect(changes >= 40)
        let components = try #require(document["components"] as? [String: Any])
        let headers = try #require(components["headers"] as? [String: Any])
        #expect(headers["ETag"] != nil && headers["Idempotent-Replayed"] != nil)
    }
}
