import DeckClient
import Foundation
import RiffleTestSupport

/// Runs a test body against a fresh `riffle serve` on loopback, stopping it afterwards.
func withTestServer(
    isolation: isolated (any Actor)? = #isolation, _ body: (DeckOfCardsClient, TestServer) async throws -> Void
) async throws {
    try await TestServer.run { server in
        try await body(server.client, server)
    }
}

extension TestServer {
    /// A client that reaches this server directly, with a 20-second timeout for CI's busy machines.
    var client: DeckOfCardsClient {
        DeckOfCardsClient(configuration: DeckClientConfiguration(baseURL: URL(string: baseURL)!, timeout: 20))
    }
}

extension DroppingProxy {
    /// A client that reaches the server through this proxy, resending as `retryPolicy` says, with a 20-second
    /// timeout.
    func client(retryPolicy: RetryPolicy) -> DeckOfCardsClient {
        DeckOfCardsClient(
            configuration: DeckClientConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: 20, retryPolicy: retryPolicy))
    }
}

extension Array where Element == CardInfo {
    /// The codes, for compact expectations.
    var codes: [String] { map(\.code) }
}
