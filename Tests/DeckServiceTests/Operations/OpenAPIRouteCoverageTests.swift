import Foundation
import HTTPTypes
import PlayingCards
import Testing

@testable import DeckService

/// The OpenAPI document is checked against the one declaration of the routes (``APIEndpoint/all``): every path of
/// every endpoint is documented, with the methods the endpoint is declared for. A route added to the table and not
/// to `openapi.json` fails here, with no list of paths to keep by hand.
@Suite struct OpenAPIRouteCoverageTests {
    @Test func everyDeclaredRouteIsDocumentedWithItsMethods() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var checked = 0
        for endpoint in APIEndpoint.all {
            for pattern in endpoint.paths {
                guard let path = Self.documentedPath(of: pattern) else { continue }
                checked += 1
                let operations = try #require(paths[path], "\(endpoint.label): \(path) is not in openapi.json")
                // An endpoint for any method (as the public API answers any) is documented with the methods it is
                // meant for; one declared for some methods, with each of them.
                #expect(!operations.isEmpty, "\(endpoint.label): \(path) has no operation in openapi.json")
                for method in endpoint.methods ?? [] {
                    #expect(
                        operations[method.rawValue.lowercased()] != nil,
                        "\(endpoint.label): \(method.rawValue) \(path) is not in openapi.json")
                }
            }
        }
        // The table has its entries (an empty table would check nothing).
        #expect(checked >= 30)
    }

    @Test func theDocumentedFormOfAPattern() {
        #expect(
            Self.documentedPath(of: RoutePattern("deck/:deck/pile/:pile/draw/:bottom/"))
                == "/api/deck/{deck_id}/pile/{pile_name}/draw/bottom/")
        #expect(
            Self.documentedPath(of: RoutePattern("deck/:deck/player/:player/rename/"))
                == "/api/deck/{deck_id}/player/{player_name}/rename/")
        #expect(Self.documentedPath(of: RoutePattern("deck/:deck/pile/:pile/draw/:top/")) == nil)
    }

    /// The path under which the OpenAPI document describes a route pattern, or `nil` for a pattern whose word is
    /// free (`:top`, any other word: documented by the pile's draw path without it).
    static func documentedPath(of pattern: RoutePattern) -> String? {
        var path = "/api/"
        for segment in pattern.segments {
            switch segment {
            case .literal(let word): path += word
            case .deck: path += "{deck_id}"
            case .pile: path += "{pile_name}"
            case .player: path += "{player_name}"
            case .location(.bottom): path += "bottom"
            case .location(.random): path += "random"
            case .location: return nil
            case .invalid: return nil
            }
            path += "/"
        }
        return path
    }
}
