import DeckService
import DeckStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SQLiteDeckStorage
import Testing

/// A response parsed as the API's JSON.
struct JSONResponse {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: String
    let object: [String: Any]

    subscript(key: String) -> Any? { object[key] }
    var success: Bool? { object["success"] as? Bool }
    var error: String? { object["error"] as? String }
    var deckID: String { object["deck_id"] as? String ?? "" }
    var remaining: Int? { object["remaining"] as? Int }
    var cards: [[String: Any]] { object["cards"] as? [[String: Any]] ?? [] }
    var codes: [String] { cards.compactMap { $0["code"] as? String } }
    var piles: [String: [String: Any]] { object["piles"] as? [String: [String: Any]] ?? [:] }
    func pileRemaining(_ name: String) -> Int? { piles[name]?["remaining"] as? Int }
    func pileCodes(_ name: String) -> [String] {
        (piles[name]?["cards"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }
}

extension TestClientProtocol {
    /// Sends a request and parses the JSON answer; fails the test if the body is not a JSON object.
    func json(
        _ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JSONResponse {
        let response = try await execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        let text = String(buffer: response.body)
        let parsed = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        #expect(parsed != nil, "not a JSON object: \(text.prefix(200))", sourceLocation: sourceLocation)
        #expect(response.headers[.contentType] == "application/json", sourceLocation: sourceLocation)
        #expect(response.headers[.accessControlAllowOrigin] == "*", sourceLocation: sourceLocation)
        return JSONResponse(status: response.status, headers: response.headers, body: text, object: parsed ?? [:])
    }

    /// Creates a deck and returns its id.
    func newDeck(_ query: String = "", shuffled: Bool = false) async throws -> String {
        let response = try await json("/api/deck/new/" + (shuffled ? "shuffle/" : "") + query)
        try #require(response.success == true)
        return response.deckID
    }
}

/// Runs `body` against the real application, with an in-memory store, through Hummingbird's
/// router-level test client.
func withTestApplication(
    publicURL: String = "http://cards.test",
    clock: @escaping @Sendable () -> Int64 = { 1_800_000_000 },
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    let store = try SQLiteDeckStore(location: .inMemory)
    var logger = Logger(label: "riffle-test")
    logger.logLevel = .warning
    let app = RiffleServer.makeApplication(
        configuration: ServiceConfiguration(publicURL: publicURL), store: store, logger: logger, clock: clock)
    try await app.test(.router) { client in try await body(client) }
}
