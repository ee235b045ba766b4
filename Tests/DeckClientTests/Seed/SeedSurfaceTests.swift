import DeckClient
import DeckOfCardsLab
import Foundation
import RiffleTestSupport
import Testing

import enum PlayingCards.Rank
import enum PlayingCards.Suit

/// The lab's `Deck`/`Card` flow over a fake transport; the same flow runs against a real server
/// in the server tests.
@Suite("Seed surface (fake transport)")
@MainActor
struct SeedSurfaceTests {
    static func routedTransport() -> FakeTransport {
        FakeTransport { request, _ in
            let path = request.url.path
            if path.hasSuffix(".png") {
                let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                return HTTPResponse(status: 200, body: Data(signature + Array(request.url.lastPathComponent.utf8)))
            }
            if path.hasSuffix("/draw") || path.hasSuffix("/draw/") {
                return HTTPResponse(status: 200, body: Data(Sample.draw.utf8))
            }
            return HTTPResponse(status: 200, body: Data(Sample.deck.utf8))
        }
    }

    @Test("newDeck, drawCards(numberOfCards: 2), downloadImage")
    func labFlow() async throws {
        let transport = Self.routedTransport()
        let deck = Deck(apiClient: CardAPIClient(client: .fake(transport)))
        #expect(deck.deckID == nil)
        #expect(try await deck.newDeckAsync())
        #expect(deck.deckID == "abc123def456")
        #expect(deck.remaining == 52)
        #expect(deck.shuffled == true)
        #expect(deck.success == true)

        let (success, cards) = try await deck.drawCardsAsync(2)
        #expect(success)
        let drawn = try #require(cards)
        #expect(drawn.map(\.code) == ["KH", "8C"])
        #expect(drawn[0].url == URL(string: "http://cards.test:8080/static/img/KH.png"))
        #expect(drawn[0].value == "KING")
        #expect(drawn[0].playingCard == .standard(.king, .hearts))
        #expect(deck.remaining == 50)

        #expect(drawn[0].image == nil)
        #expect(try await drawn[0].downloadImageAsync())
        #expect(drawn[0].image == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("KH.png".utf8)))
        #expect(!drawn[0].isDownloading)
    }

    @Test("drawCards never asks for more than remaining, and not at all without a deck")
    func drawClampsToRemaining() async throws {
        let transport = Self.routedTransport()
        let deck = Deck(apiClient: CardAPIClient(client: .fake(transport)))
        let (noDeck, none) = try await deck.drawCardsAsync(2)
        #expect(!noDeck)
        #expect(none == nil)
        #expect(await transport.log.count == 0)

        #expect(try await deck.newDeckAsync())
        deck.remaining = 1
        _ = try await deck.drawCardsAsync(5)
        let drawRequest = try #require(await transport.log.requests.last)
        #expect(String(decoding: drawRequest.body ?? Data(), as: UTF8.self) == "count=1")
        #expect(deck.remaining == 50)  // the server's answer, not a local estimate
        deck.remaining = 0
        let (empty, _) = try await deck.drawCardsAsync(1)
        #expect(!empty)
        #expect(await transport.log.count == 2)
    }

    @Test("Card reads the lab's dictionary, with n/a for missing keys")
    func cardFromDictionary() {
        let card = Card(dictionary: ["code": "0S", "value": "10", "suit": "SPADES", "image": "http://x/0S.png"])
        #expect(card.imageURLString == "http://x/0S.png")
        #expect(card.url == URL(string: "http://x/0S.png"))
        #expect(card.code == "0S")
        #expect(card.playingCard == .standard(.ten, .spades))
        let empty = Card(dictionary: [:])
        #expect(empty.imageURLString == "n/a")
        #expect(empty.code == "n/a")
        #expect(empty.playingCard == nil)
    }
}

// The seed's calls answer through completion handlers; a handler that is never called would leave
// its test waiting for ever, so each wait is bounded (`waitFor`) and names the call.
extension Deck {
    func newDeckAsync() async throws -> Bool {
        try await waitFor("newDeck's handler", upTo: testWaitLimit) { @MainActor in
            await withCheckedContinuation { continuation in self.newDeck { continuation.resume(returning: $0) } }
        }
    }

    func drawCardsAsync(_ count: Int) async throws -> (Bool, [Card]?) {
        try await waitFor("drawCards's handler", upTo: testWaitLimit) { @MainActor in
            await withCheckedContinuation { continuation in
                self.drawCards(numberOfCards: count) { success, cards in
                    continuation.resume(returning: (success, cards))
                }
            }
        }
    }
}

extension Card {
    func downloadImageAsync() async throws -> Bool {
        try await waitFor("downloadImage's handler", upTo: testWaitLimit) { @MainActor in
            await withCheckedContinuation { continuation in self.downloadImage { continuation.resume(returning: $0) } }
        }
    }
}
