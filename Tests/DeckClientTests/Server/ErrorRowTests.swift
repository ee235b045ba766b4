import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

/// Each row of DECK-API.md's error tables, through the typed client.
@Suite("API errors against riffle serve", .stopsItsServers)
struct ErrorRowTests {
    func expectError(
        _ code: DeckClientError.Code, status: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        let error = await #expect(throws: DeckClientError.self, sourceLocation: sourceLocation) { try await body() }
        #expect(error?.code == code, sourceLocation: sourceLocation)
        #expect(error?.httpStatus == status, sourceLocation: sourceLocation)
        #expect(error?.serverMessage == message, sourceLocation: sourceLocation)
    }

    @Test("Unknown deck id: 404 on info, draw, shuffle, return and piles")
    func unknownDeck() async throws {
        try await withTestServer { client, _ in
            let missing = "zzzzzzzzzzzz"
            let message = "Deck ID does not exist."
            await expectError(.deckNotFound, status: 404, message: message) {
                _ = try await client.deckInfo(deckID: missing)
            }
            await expectError(.deckNotFound, status: 404, message: message) {
                _ = try await client.draw(deckID: missing)
            }
            await expectError(.deckNotFound, status: 404, message: message) {
                _ = try await client.shuffle(deckID: missing)
            }
            await expectError(.deckNotFound, status: 404, message: message) {
                _ = try await client.returnCards(deckID: missing)
            }
            await expectError(.deckNotFound, status: 404, message: message) {
                _ = try await client.listPile(deckID: missing, pile: "p")
            }
        }
    }

    @Test("Deck counts out of range: 200 with success false")
    func deckCountBounds() async throws {
        try await withTestServer { client, _ in
            await expectError(.serverRejected, status: 200, message: "The max number of Decks is 20.") {
                _ = try await client.newDeck(deckCount: 21)
            }
            await expectError(.serverRejected, status: 200, message: "The min number of Decks is 1.") {
                _ = try await client.newDeck(shuffled: true, deckCount: 0)
            }
        }
    }

    @Test("Pile errors: over-draw, missing cards, add without cards, unknown piles")
    func pileErrors() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            _ = try await client.draw(deckID: id, count: 2)
            _ = try await client.addToPile(deckID: id, pile: "discard", cards: [.standard(.ace, .spades)])
            await expectError(.notEnoughCards, status: 404, message: "Not enough cards remaining to draw 3 additional")
            {
                _ = try await client.drawFromPile(deckID: id, pile: "discard", count: 3)
            }
            await expectError(
                .cardsNotInPile, status: 404, message: "The pile, discard does not contain the requested cards."
            ) {
                _ = try await client.drawFromPile(deckID: id, pile: "discard", cards: [.standard(.two, .spades)])
            }
            #expect(try await client.listPile(deckID: id, pile: "discard").piles[named: "discard"]?.remaining == 1)
            await expectError(.serverRejected, status: 404, message: "You must specify cards to add to the pile.") {
                _ = try await client.decoded(
                    DeckRequest(pathSegments: ["deck", id, "pile", "discard", "add"], changesState: true),
                    as: PileState.self)
            }
            let unknown = "The pile, nope does not exist."
            await expectError(.pileNotFound, status: 404, message: unknown) {
                _ = try await client.returnPile(deckID: id, pile: "nope")
            }
            await expectError(.pileNotFound, status: 404, message: unknown) {
                _ = try await client.listPile(deckID: id, pile: "nope")
            }
            await expectError(.pileNotFound, status: 404, message: unknown) {
                _ = try await client.shufflePile(deckID: id, pile: "nope")
            }
            await expectError(.pileNotFound, status: 404, message: unknown) {
                _ = try await client.drawFromPile(deckID: id, pile: "nope")
            }
        }
    }

    @Test("Riffle's 400s: negative and non-integer counts")
    func badCounts() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck().deckID
            let negative = await #expect(throws: DeckClientError.self) { try await client.draw(deckID: id, count: -1) }
            #expect(negative?.httpStatus == 400)
            #expect(negative?.code == .serverRejected)
            let request = DeckRequest(
                pathSegments: ["deck", id, "draw"], parameters: [URLQueryItem(name: "count", value: "abc")],
                changesState: true)
            let text = await #expect(throws: DeckClientError.self) {
                try await client.decoded(request, as: DrawResult.self)
            }
            #expect(text?.httpStatus == 400)
            #expect(text?.serverMessage?.contains("count") == true)
            #expect(try await client.deckInfo(deckID: id).remaining == 52)
        }
    }

    @Test("No server: a typed transport error, not a crash")
    func noServer() async throws {
        let server = try await RiffleTestSupport.TestServer.start()
        let url = URL(string: server.baseURL)!
        await server.stop()
        let client = DeckOfCardsClient(
            configuration: DeckClientConfiguration(
                baseURL: url, retryPolicy: RetryPolicy(maximumAttempts: 2, initialBackoff: 0)))
        let error = await #expect(throws: DeckClientError.self) { try await client.deckInfo(deckID: "abc123def456") }
        #expect(error?.code == .transportFailed || error?.code == .timedOut)
    }
}
