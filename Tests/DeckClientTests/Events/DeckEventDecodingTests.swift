import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Deck events and table answers decode")
struct DeckEventDecodingTests {
    @Test("an event: id, kind, piles in the server's order with privacy, moves with visible cards as objects or codes")
    func event() throws {
        let data = """
            {"deck_id": "abc123def456", "remaining": 42, "piles": {"bo": {"remaining": 5, "private": true}, \
            "centre": {"remaining": 1}}, "moved": [{"from": "stack", "to": "bo", "count": 5}, \
            {"from": "bo", "to": "centre", "count": 1, "cards": [\(Sample.card("7H"))]}, \
            {"from": "centre", "to": "ana", "count": 1, "cards": ["AS"]}], "player": "bo"}
            """
        let event = try DeckEvent(ServerSentEvent(type: "pile_add", data: data, lastEventID: "12"))
        #expect(event.id == 12)
        #expect(event.kind == .pileAdd)
        #expect(event.deckID == "abc123def456")
        #expect(event.remaining == 42)
        #expect(
            event.piles == [
                PileSummary(name: "bo", remaining: 5, isPrivate: true), PileSummary(name: "centre", remaining: 1),
            ])
        #expect(
            event.moved == [
                DeckEvent.Move(from: "stack", to: "bo", count: 5),
                DeckEvent.Move(from: "bo", to: "centre", count: 1, cards: [.standard(.seven, .hearts)]),
                DeckEvent.Move(from: "centre", to: "ana", count: 1, cards: [.standard(.ace, .spades)]),
            ])
        #expect(event.player == "bo")
    }

    @Test("unknown kinds are kept by name; a missing id reads as change 0; bad data names the field")
    func kindsAndErrors() throws {
        let event = try DeckEvent(
            ServerSentEvent(type: "future_kind", data: #"{"deck_id": "d", "remaining": 52, "piles": {}}"#))
        #expect(event.kind.name == "future_kind")
        #expect(event.id == 0)
        #expect(event.moved == [])
        let error = try #require(
            throws: DeckClientError.self,
            performing: {
                try DeckEvent(
                    ServerSentEvent(type: "draw", data: #"{"deck_id": "d", "remaining": "x"}"#, lastEventID: "1"))
            })
        #expect(error.code == .decodingFailed)
        #expect(error.keyPath == "remaining")
        #expect(throws: DeckClientError.self) {
            try DeckEvent(ServerSentEvent(type: "draw", data: "{}", lastEventID: "seven"))
        }
    }

    @Test("join and deal answers; private piles; the token never prints")
    func tableAnswers() async throws {
        let join =
            #"{"success": true, "deck_id": "abc123def456", "player": "ana", "token": "s3cr3t-t0ken", "#
            + #""piles": {"ana": {"remaining": 0, "private": true}}}"#
        let client = DeckOfCardsClient.fake(FakeTransport(json: join))
        let seat = try await client.join(deckID: "abc123def456", player: "ana")
        #expect(seat.player == "ana")
        #expect(seat.token.rawValue == "s3cr3t-t0ken")
        #expect(seat.piles == [PileSummary(name: "ana", remaining: 0, isPrivate: true)])
        #expect("\(seat.token)" == "PlayerToken(redacted)")
        #expect(!"\(seat)".contains("s3cr3t"))

        let deal =
            #"{"success": true, "deck_id": "abc123def456", "remaining": 47, "#
            + #""piles": {"ana": {"remaining": 0, "private": true}, "bo": {"remaining": 5, "private": true}}}"#
        let dealt = try await DeckOfCardsClient.fake(FakeTransport(json: deal)).deal(
            deckID: "abc123def456", pile: "bo", count: 5)
        #expect(dealt.cards == nil)
        #expect(dealt.piles.map(\.name) == ["ana", "bo"])
    }

    @Test("a player's client sends its token; join and deal are POSTs to the right paths; bad names fail first")
    func requests() async throws {
        let transport = FakeTransport(json: #"{"success": true, "deck_id": "d", "remaining": 1, "piles": {}}"#)
        let client = DeckOfCardsClient.fake(transport)
        let ana = client.withPlayer(PlayerToken("t0k"))
        _ = try await ana.deal(deckID: "d", pile: "bo", count: 3)
        _ = try await client.deal(deckID: "d", pile: "bo", count: 3)
        let requests = await transport.log.requests
        #expect(requests[0].method == "POST")
        #expect(requests[0].url.absoluteString == "http://cards.test:8080/api/deck/d/pile/bo/deal/")
        #expect(requests[0].body == Data("count=3".utf8))
        #expect(requests[0].headers["Authorization"] == "Bearer t0k")
        #expect(requests[1].headers["Authorization"] == nil)
        #expect(ana.withPlayer(nil).playerToken == nil)
        let join = try client.httpRequest(for: .join(deckID: "d", player: "ana"))
        #expect(join.method == "POST")
        #expect(join.url.absoluteString == "http://cards.test:8080/api/deck/d/player/ana/")
        let error = try #require(throws: DeckClientError.self) {
            try client.url(for: .join(deckID: "d", player: "a b"))
        }
        #expect(error.code == .invalidRequest)
    }

    @Test("401, 403 and 409 answers have their own codes")
    func authErrors() async throws {
        for (status, code) in [(401, DeckClientError.Code.unauthorized), (403, .forbidden), (409, .playerTaken)] {
            let client = DeckOfCardsClient.fake(
                FakeTransport(status: status, json: #"{"success": false, "error": "No."}"#))
            let error = try await #require(throws: DeckClientError.self) {
                try await client.join(deckID: "d", player: "ana")
            }
            #expect(error.code == code)
            #expect(error.httpStatus == status)
        }
    }
}
