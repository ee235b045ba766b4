import DeckClient
import DeckOfCardsLab
import Foundation
import RiffleTestSupport
import Testing

/// The lab surface reports what the server and the bytes say: `remaining` is the server's, and
/// an image download that yields no image is a failure.
@Suite("Seed surface correctness")
@MainActor
struct SeedCorrectnessTests {
    /// The bytes a PNG file starts with.
    nonisolated static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    nonisolated static func drawBody(remaining: Int) -> String {
        #"{"success": true, "deck_id": "abc123def456", "cards": ["# + Sample.card("KH") + #"], "remaining": "#
            + String(remaining) + "}"
    }

    @Test("drawCards takes remaining from the server's answer")
    func remainingIsTheServers() async throws {
        // Another player drew 11 cards from the same deck meanwhile: the server says 40 remain.
        let transport = FakeTransport { request, _ in
            let body = request.url.path.contains("/draw") ? Self.drawBody(remaining: 40) : Sample.deck
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
        let deck = Deck(apiClient: CardAPIClient(client: .fake(transport)))
        #expect(try await deck.newDeckAsync())
        let (success, _) = try await deck.drawCardsAsync(1)
        #expect(success)
        #expect(deck.remaining == 40)
    }

    @Test("two overlapping draws leave what the server says after the second")
    func overlappingDraws() async throws {
        let secondMayAnswer = Gate()
        let transport = FakeTransport { request, attempt in
            guard request.url.path.contains("/draw") else {
                return HTTPResponse(status: 200, body: Data(Sample.deck.utf8))
            }
            let drawNumber = attempt - 1
            if drawNumber == 2 { await secondMayAnswer.wait() }
            return HTTPResponse(status: 200, body: Data(Self.drawBody(remaining: 52 - drawNumber).utf8))
        }
        let deck = Deck(apiClient: CardAPIClient(client: .fake(transport)))
        #expect(try await deck.newDeckAsync())
        let finished = Counter()
        try await waitFor("both drawCards handlers", upTo: testWaitLimit) { @MainActor in
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                deck.drawCards(numberOfCards: 1) { _, _ in
                    Task { await secondMayAnswer.open() }
                    if finished.increment() == 2 { done.resume() }
                }
                deck.drawCards(numberOfCards: 1) { _, _ in
                    if finished.increment() == 2 { done.resume() }
                }
            }
        }
        #expect(deck.remaining == 50)
        #expect(deck.cards.count == 2)
    }

    @Test("Card.downloadImage fails, as CardAPIClient.downloadImage does, when the bytes are no image")
    func bytesThatAreNoImage() async throws {
        let transport = FakeTransport { _, _ in HTTPResponse(status: 200, body: Data("<html>oops</html>".utf8)) }
        let apiClient = CardAPIClient(client: .fake(transport))
        let card = Card(
            dictionary: ["code": "KH", "image": "http://cards.test/static/img/KH.png"], apiClient: apiClient)
        #expect(try await card.downloadImageAsync() == false)
        #expect(card.image == nil)
        #expect(!card.isDownloading)

        let url = try #require(URL(string: "http://cards.test/static/img/KH.png"))
        let (clientSuccess, clientImage) = try await waitFor("downloadImage's handler", upTo: testWaitLimit) {
            @MainActor in
            await withCheckedContinuation { continuation in
                apiClient.downloadImage(at: url) { success, image in
                    continuation.resume(returning: (success, image == nil))
                }
            }
        }
        #expect(clientSuccess == false)
        #expect(clientImage)
    }

    @Test("Card.downloadImage succeeds with image bytes")
    func imageBytes() async throws {
        let png = Data(Self.pngSignature + Array("rest of the file".utf8))
        let transport = FakeTransport { _, _ in HTTPResponse(status: 200, body: png) }
        let card = Card(
            dictionary: ["code": "KH", "image": "http://cards.test/static/img/KH.png"],
            apiClient: CardAPIClient(client: .fake(transport)))
        #expect(try await card.downloadImageAsync())
        #expect(card.imageData == png)
    }
}

/// Counts callbacks on the main actor.
@MainActor
final class Counter {
    private var value = 0

    /// Adds one and returns the new count.
    func increment() -> Int {
        value += 1
        return value
    }
}
