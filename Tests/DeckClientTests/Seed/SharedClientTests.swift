import DeckClient
import DeckOfCardsLab
import Foundation
import RiffleTestSupport
import Testing

/// `CardAPIClient.shared` can be pointed at any server, by `RIFFLE_SERVER` or by setting it.
@Suite("The shared seed client is configurable")
@MainActor
struct SharedClientTests {
    @Test("RIFFLE_SERVER names the server shared starts with; anything else means the local server")
    func environment() throws {
        let local = DeckClientConfiguration.defaultBaseURL
        #expect(CardAPIClient.serverEnvironmentVariable == "RIFFLE_SERVER")
        #expect(
            CardAPIClient.defaultServer(environment: ["RIFFLE_SERVER": " https://deckofcardsapi.com\n"])
                == URL(string: "https://deckofcardsapi.com"))
        #expect(
            CardAPIClient.defaultServer(environment: ["RIFFLE_SERVER": "http://10.0.0.2:9000/cards"])
                == URL(string: "http://10.0.0.2:9000/cards"))
        for value in ["", "deckofcardsapi.com", "ftp://example.com", "http://", "not a url"] {
            #expect(CardAPIClient.defaultServer(environment: ["RIFFLE_SERVER": value]) == local, "\(value)")
        }
        #expect(CardAPIClient.defaultServer(environment: [:]) == local)
    }

    @Test("Setting shared points a default Deck() and its cards at that server")
    func settingShared() async throws {
        try await withTestServer { _, server in
            let previous = CardAPIClient.shared
            defer { CardAPIClient.shared = previous }
            CardAPIClient.shared = CardAPIClient(baseURL: URL(string: server.baseURL)!)
            let deck = Deck()
            #expect(try await deck.newDeckAsync())
            let (success, cards) = try await deck.drawCardsAsync(1)
            #expect(success)
            #expect(deck.remaining == 51)
            let card = try #require(cards?.first)
            #expect(card.apiClient.client.configuration.baseURL.absoluteString == server.baseURL)
            #expect(try await card.downloadImageAsync())
        }
    }
}
