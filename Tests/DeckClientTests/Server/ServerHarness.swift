import DeckClient
import Foundation
import RiffleTestSupport

/// Runs a test body against a fresh `riffle serve` on loopback, stopping it afterwards.
func withTestServer(
    isolation: isolated (any Actor)? = #isolation, _ body: (DeckOfCardsClient, TestServer) async throws -> Void
) async throws {
    try await TestServer.run { server in
        let client = DeckOfCardsClient(
            configuration: DeckClientConfiguration(baseURL: URL(string: server.baseURL)!, timeout: 20))
        try await body(client, server)
    }
}

extension Array where Element == CardInfo {
    /// The codes, for compact expectations.
    var codes: [String] { map(\.code) }
}
