import DeckClient
import Foundation
import RiffleTestSupport

/// Runs a test body against a fresh `riffle serve` on loopback, stopping it afterwards.
func withTestServer(
    isolation: isolated (any Actor)? = #isolation, _ body: (DeckOfCardsClient, TestServer) async throws -> Void
) async throws {
    let server = try await TestServer.start()
    let client = DeckOfCardsClient(
        configuration: DeckClientConfiguration(baseURL: URL(string: server.baseURL)!, timeout: 20))
    do {
        try await body(client, server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

extension Array where Element == CardInfo {
    /// The codes, for compact expectations.
    var codes: [String] { map(\.code) }
}
