import DeckClient
import Foundation
import PlayingCards
import Testing

/// What a change carries (`Idempotency-Key`, `If-Match`) and how the client reads a refused
/// precondition or a reused key, over a scripted transport.
@Suite("Idempotency keys and If-Match")
struct ChangeOptionsTests {
    @Test("Reads carry no key; each change carries a key of its own")
    func keysOnChangesOnly() async throws {
        let transport = FakeTransport { request, _ in
            let body = request.url.path.contains("/draw") ? Sample.draw : Sample.deck
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
        let client = DeckOfCardsClient.fake(transport)
        _ = try await client.deckInfo(deckID: "abc123def456")
        _ = try await client.draw(deckID: "abc123def456")
        _ = try await client.draw(deckID: "abc123def456")
        let requests = await transport.log.requests
        #expect(requests[0].headers["Idempotency-Key"] == nil)
        #expect(requests[0].headers["If-Match"] == nil)
        let keys = requests.dropFirst().compactMap { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 2 && keys[0] != keys[1])
        #expect(keys.allSatisfy(ChangeOptions.isValidKey))
        #expect(requests.dropFirst().allSatisfy { $0.headers["If-Match"] == nil })
    }

    @Test("A caller's own key and If-Match go with the change, the same on every resend")
    func callersKeyAndPrecondition() async throws {
        let transport = FakeTransport { _, attempt in
            attempt == 1 ? HTTPResponse(status: 503) : HTTPResponse(status: 200, body: Data(Sample.draw.utf8))
        }
        let client = DeckOfCardsClient.fake(transport)
        let key = "outbox-entry-0001-of-table-k3v9"
        let request = DeckRequest.draw(deckID: "abc123def456", count: 2)
            .with(ChangeOptions(idempotencyKey: key, ifMatch: 7))
        let drawn = try await client.decoded(request, as: DrawResult.self)
        #expect(drawn.cards.count == 2)
        let requests = await transport.log.requests
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.headers["Idempotency-Key"] == key && $0.headers["If-Match"] == "\"7\"" })
        #expect(requests.allSatisfy { $0.method == "POST" })
    }

    @Test(
        "A malformed key is refused before anything is sent",
        arguments: ["short", String(repeating: "k", count: 129), "spaces are not allowed here", "ключ-ключ-ключ-ключ"])
    func malformedKeys(key: String) async throws {
        let transport = FakeTransport { _, _ in HTTPResponse(status: 200, body: Data(Sample.draw.utf8)) }
        let client = DeckOfCardsClient.fake(transport)
        let error = await #expect(throws: DeckClientError.self) {
            _ = try await client.send(.draw(deckID: "abc123def456").with(ChangeOptions(idempotencyKey: key)))
        }
        #expect(error?.code == .invalidRequest)
        #expect(await transport.log.count == 0)
        #expect(ChangeOptions.isValidKey(ChangeOptions.makeKey()))
        #expect(ChangeOptions.isValidKey("Ab0-_.:~" + String(repeating: "z", count: 120)))
    }

    @Test("A failed precondition throws preconditionFailed with the deck as it is now")
    func preconditionFailed() async throws {
        let body = """
            {"success": false, "error": "The deck is at change 9, not 7: nothing was changed.", "deck_id": "abc123def456",
             "remaining": 40, "piles": {"ana": {"remaining": 3, "private": true}, "centre": {"remaining": 1,
             "cards": [\(Sample.card("KH"))]}}}
            """
        let transport = FakeTransport { _, _ in
            HTTPResponse(
                status: 412, headers: ["ETag": "\"9\"", "Content-Type": "application/json"], body: Data(body.utf8))
        }
        let client = DeckOfCardsClient.fake(transport)
        let error = await #expect(throws: DeckClientError.self) {
            _ = try await client.decoded(
                .addToPile(deckID: "abc123def456", pile: "centre", cards: [.joker(.red)]).with(
                    ChangeOptions(ifMatch: 7)),
                as: PileState.self)
        }
        #expect(error?.code == .preconditionFailed)
        #expect(error?.httpStatus == 412)
        #expect(error?.serverMessage == "The deck is at change 9, not 7: nothing was changed.")
        let deck = try #require(error?.currentDeck)
        #expect(deck.deckID == "abc123def456" && deck.remaining == 40 && deck.changeNumber == 9)
        #expect(deck.piles.map(\.name) == ["ana", "centre"])
        #expect(deck.piles[named: "ana"]?.isPrivate == true && deck.piles[named: "ana"]?.cards == nil)
        #expect(deck.piles[named: "centre"]?.cards?.map(\.code) == ["KH"])
        #expect(await transport.log.count == 1, "a refused precondition is an answer, not a failure to retry")
    }

    @Test("A key used before for another request throws idempotencyKeyReused")
    func keyReused() async throws {
        let transport = FakeTransport(
            status: 422,
            json: #"{"success": false, "error": "This Idempotency-Key was used for another request."}"#)
        let client = DeckOfCardsClient.fake(transport)
        let error = await #expect(throws: DeckClientError.self) { _ = try await client.shuffle(deckID: "abc123def456") }
        #expect(error?.code == .idempotencyKeyReused)
        #expect(error?.currentDeck == nil)
        #expect(await transport.log.count == 1)
    }

    @Test("ETag reads as a change number: strong or weak, quoted; anything else is none")
    func changeNumbers() {
        func number(_ tag: String?) -> Int? {
            HTTPResponse(status: 200, headers: tag.map { ["etag": $0] } ?? [:]).changeNumber
        }
        #expect(number("\"12\"") == 12)
        #expect(number("W/\"0\"") == 0)
        #expect(number(" \"7\" ") == 7)
        #expect(number("12") == nil)
        #expect(number("\"x\"") == nil)
        #expect(number("\"") == nil)
        #expect(number(nil) == nil)
    }
}
