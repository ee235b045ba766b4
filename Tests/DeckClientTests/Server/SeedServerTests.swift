import DeckClient
import DeckOfCardsLab
import Foundation
import RiffleTestSupport
import Testing

@Suite("Seed flow and images against riffle serve")
@MainActor
struct SeedServerTests {
    @Test("The lab's flow: newDeck, drawCards(numberOfCards: 2), downloadImage fills image")
    func labFlow() async throws {
        try await withTestServer { _, server in
            let deck = Deck(apiClient: CardAPIClient(baseURL: URL(string: server.baseURL)!))
            #expect(try await deck.newDeckAsync())
            #expect(deck.success == true)
            #expect(deck.remaining == 52)
            #expect(deck.shuffled == true)
            let id = try #require(deck.deckID)
            #expect(id.count == 12)

            let (success, cards) = try await deck.drawCardsAsync(2)
            #expect(success)
            let drawn = try #require(cards)
            #expect(drawn.count == 2)
            #expect(deck.remaining == 50)
            for card in drawn {
                let url = try #require(card.url)
                #expect(url.absoluteString.hasPrefix(server.baseURL))
                #expect(card.playingCard != nil)
                #expect(card.image == nil)
                #expect(try await card.downloadImageAsync())
                #expect(card.image?.isEmpty == false)
                #expect(!card.isDownloading)
            }
        }
    }

    @Test("The async client downloads a card image once, then serves it from the cache")
    func imageDownload() async throws {
        try await withTestServer { client, _ in
            let draw = try await client.newDeckAndDraw(count: 1)
            let url = try #require(draw.cards.first?.imageURL)
            let png = try await client.downloadImage(at: url)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(await client.cachedImage(at: url) == png)
        }
    }
}
