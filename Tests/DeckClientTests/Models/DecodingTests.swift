import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Decoding answers")
struct DecodingTests {
    func client(status: Int = 200, _ json: String) -> DeckOfCardsClient {
        DeckOfCardsClient.fake(FakeTransport(status: status, json: json))
    }

    @Test("A draw decodes typed cards with image URLs")
    func draw() async throws {
        let draw = try await client(Sample.draw).draw(deckID: "abc123def456", count: 2)
        #expect(draw.cards.map(\.card) == [.standard(.king, .hearts), .standard(.eight, .clubs)])
        #expect(draw.cards[0].imageURL == URL(string: "http://cards.test:8080/static/img/KH.png"))
        #expect(draw.cards[0].svgURL == URL(string: "http://cards.test:8080/static/img/KH.svg"))
        #expect(draw.remaining == 50)
        #expect(draw.shortfall == nil)
        #expect(draw.isComplete)
    }

    @Test("The over-draw answer keeps the dealt cards and the server's message")
    func overDraw() async throws {
        let body = """
            {"success": false, "deck_id": "abc123def456", "cards": [\(Sample.card("KH"))], "remaining": 0, \
            "error": "Not enough cards remaining to draw 4 additional"}
            """
        let draw = try await client(body).draw(deckID: "abc123def456", count: 5)
        #expect(draw.cards.map(\.code) == ["KH"])
        #expect(draw.remaining == 0)
        #expect(draw.shortfall == "Not enough cards remaining to draw 4 additional")
        #expect(!draw.isComplete)
    }

    @Test("A malformed card code is a decoding error naming the field")
    func badCardCode() async throws {
        let body = Sample.draw.replacingOccurrences(of: #""code": "8C""#, with: #""code": "ZZ""#)
        let error = await #expect(throws: DeckClientError.self) { try await client(body).draw(deckID: "abc123def456") }
        #expect(error?.code == .decodingFailed)
        #expect(error?.keyPath == "cards[1].code")
        #expect(error?.message.contains("cards[1].code") == true)
    }

    @Test("A missing key and a wrong type are decoding errors naming the field")
    func missingAndMistyped() async throws {
        let missing = await #expect(throws: DeckClientError.self) {
            try await client(#"{"success": true, "remaining": 52, "shuffled": true}"#).deckInfo(deckID: "x")
        }
        #expect(missing?.keyPath == "deck_id")
        let mistyped = await #expect(throws: DeckClientError.self) {
            try await client(#"{"success": true, "deck_id": "x", "remaining": "52", "shuffled": true}"#)
                .deckInfo(deckID: "x")
        }
        #expect(mistyped?.keyPath == "remaining")
        let nested = await #expect(throws: DeckClientError.self) {
            try await client(#"{"success": true, "deck_id": "x", "remaining": 1, "piles": {"a": {"remaining": null}}}"#)
                .listPile(deckID: "x", pile: "a")
        }
        #expect(nested?.keyPath == "piles.a.remaining")
    }

    @Test("A body that is not JSON is a decoding error; an HTML 500 is an unexpected status")
    func notJSON() async throws {
        let garbage = await #expect(throws: DeckClientError.self) {
            try await client(#"{"success": tru"#).deckInfo(deckID: "x")
        }
        #expect(garbage?.code == .decodingFailed)
        let html = await #expect(throws: DeckClientError.self) {
            try await client(status: 500, "<html>Server Error</html>").deckInfo(deckID: "x")
        }
        #expect(html?.code == .unexpectedStatus)
        #expect(html?.httpStatus == 500)
    }

    @Test(
        "API errors carry the status, the server's message and a code",
        arguments: [
            (404, "Deck ID does not exist.", DeckClientError.Code.deckNotFound),
            (404, "The pile, discard does not exist.", .pileNotFound),
            (404, "Not enough cards remaining to draw 3 additional", .notEnoughCards),
            (404, "The pile, discard does not contain the requested cards.", .cardsNotInPile),
            (200, "The max number of Decks is 20.", .serverRejected),
            (400, "count must be an integer", .serverRejected),
        ])
    func apiErrors(status: Int, message: String, code: DeckClientError.Code) async throws {
        let body = #"{"success": false, "error": "\#(message)"}"#
        let error = await #expect(throws: DeckClientError.self) {
            try await client(status: status, body).drawFromPile(deckID: "x", pile: "discard", count: 3)
        }
        #expect(error?.code == code)
        #expect(error?.httpStatus == status)
        #expect(error?.serverMessage == message)
        #expect(error?.message == message)
    }

    @Test("Piles keep the server's order; only the listed pile has cards; pile draws have no remaining")
    func piles() async throws {
        let list = """
            {"success": true, "deck_id": "x", "remaining": 40, "piles": {"zeta": {"remaining": 2}, \
            "alpha": {"remaining": 1, "cards": [\(Sample.card("AS"))]}, "mid": {"remaining": 0}}}
            """
        let state = try await client(list).listPile(deckID: "x", pile: "alpha")
        #expect(state.piles.map(\.name) == ["zeta", "alpha", "mid"])
        #expect(state.piles.map(\.remaining) == [2, 1, 0])
        #expect(state.piles[named: "alpha"]?.cards?.map(\.card) == [.standard(.ace, .spades)])
        #expect(state.piles[named: "zeta"]?.cards == nil)
        let drawBody = """
            {"success": true, "deck_id": "x", "cards": [\(Sample.card("AS"))], "piles": {"alpha": {"remaining": 0}}}
            """
        let draw = try await client(drawBody).drawFromPile(deckID: "x", pile: "alpha")
        #expect(draw.remaining == nil)
        #expect(draw.cards.map(\.code) == ["AS"])
        #expect(draw.piles == [PileSummary(name: "alpha", remaining: 0)])
    }

    @Test("send returns the raw body, even for an API error")
    func rawSend() async throws {
        let body = #"{"success": false, "error": "Deck ID does not exist."}"#
        let response = try await client(status: 404, body).send(.deckInfo(deckID: "x"))
        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        #expect(response.headerValue("content-type") == "application/json")
    }
}
