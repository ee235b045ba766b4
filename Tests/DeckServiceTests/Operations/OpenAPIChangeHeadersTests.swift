import Foundation
import HTTPTypes
import TableCore
import Testing

@testable import DeckService

/// The OpenAPI document describes "every change once" on every operation it applies to.
@Suite struct OpenAPIChangeHeadersTests {
    /// The documented paths of the route table's reads, which take neither header: the events stream, the history,
    /// and each deck endpoint whose operation changes nothing (deck info, `drawn/`, a pile's `list/`), found by
    /// parsing a request of it. Every other API operation is a change.
    static let reads: Set<String> = Set(
        APIEndpoint.all.filter(isRead).flatMap { endpoint in
            endpoint.paths.compactMap(OpenAPIRouteCoverageTests.documentedPath(of:))
                + (endpoint.answersWithoutSlash ? endpoint.paths.compactMap(unslashedPath(of:)) : [])
        })
    /// The documented paths of the endpoints that create a deck: changes without an `If-Match` (no deck yet).
    static let newDecks: Set<String> = Set(
        APIEndpoint.all.filter(\.createsDeck).flatMap {
            $0.paths.compactMap(OpenAPIRouteCoverageTests.documentedPath(of:))
        })

    static func isRead(_ endpoint: APIEndpoint) -> Bool {
        switch endpoint.handler {
        case .eventStream, .deckRecord: return true
        case .newDeck: return false
        case .deck(let operation):
            let input = APIEndpointInput(
                captures: RouteCaptures(deck: "abcdefabcdef", pile: "centre", player: "ana"),
                parameters: APIParameters(fields: []), method: .get)
            return (try? operation(input))?.changesDeck == false
        }
    }

    /// An endpoint that also answers without its trailing slash is documented under that path too.
    static func unslashedPath(of pattern: RoutePattern) -> String? {
        OpenAPIRouteCoverageTests.documentedPath(of: pattern).map { String($0.dropLast()) }
    }

    @Test func theReadsAreTheOnesTheRouteTableDeclares() {
        #expect(
            Self.reads == [
                "/api/deck/{deck_id}/", "/api/deck/{deck_id}/drawn/", "/api/deck/{deck_id}/pile/{pile_name}/list/",
                "/api/deck/{deck_id}/events/", "/api/deck/{deck_id}/events", "/api/deck/{deck_id}/history/",
            ])
        #expect(Self.newDecks.contains("/api/deck/new/") && Self.newDecks.contains("/api/deck/new/draw/"))
    }

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
