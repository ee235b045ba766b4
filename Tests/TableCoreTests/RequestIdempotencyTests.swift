import DeckStorage
import HTTPTypes
import Testing

@testable import TableCore

/// Reading `Idempotency-Key` and telling requests apart by their fingerprint.
@Suite struct RequestIdempotencyTests {
    let cardJSON = CardJSON(publicURL: "http://cards.test")

    @Test func wellFormedKeysAreReadBareOrQuoted() throws {
        let uuid = "0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a90"
        #expect(try RequestIdempotency.read(nil) == nil)
        #expect(try RequestIdempotency.read(uuid)?.key == uuid)
        #expect(try RequestIdempotency.read("\"" + uuid + "\"")?.key == uuid)
        #expect(try RequestIdempotency.read("Ab0-_.:~abcdefgh")?.key == "Ab0-_.:~abcdefgh")
        #expect(try RequestIdempotency.read(String(repeating: "k", count: 128))?.key.count == 128)
    }

    @Test(arguments: [
        "", "\"\"", "short-key-15chr", String(repeating: "k", count: 129), "with space inside it", "quote\"inside\"key",
        "0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a90, 0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a90", "ключ-ключ-ключ-ключ",
        "\"unterminated-quoted-key", "slash/in/the/key/xx",
    ])
    func malformedKeysAre400(header: String) {
        #expect(throws: APIError.self) { try RequestIdempotency.read(header) }
        #expect(APIError.malformedIdempotencyKey.status == .badRequest)
    }

    @Test func theFingerprintIsTheRequestMethodPathParametersAndCaller() {
        let alice = Caller.token(hash: Array(repeating: 1, count: 32))
        let bob = Caller.token(hash: Array(repeating: 2, count: 32))
        let draw = "/api/deck/abc123def456/draw/"
        func fingerprint(
            _ method: HTTPRequest.Method = .post, path: String = draw, query: String = "count=2", caller: Caller = alice
        ) -> [UInt8] {
            RequestIdempotency.fingerprint(
                method: method, path: path, parameters: APIParameters(encoded: query), caller: caller)
        }
        let base = fingerprint()
        #expect(base.count == 32)
        #expect(fingerprint() == base)
        // Order and repeats that read the same are the same request.
        #expect(fingerprint(query: "a=1&count=2") == fingerprint(query: "count=2&a=1"))
        #expect(fingerprint(query: "count=5&count=2") == base)
        // Anything else makes another request.
        let others = [
            fingerprint(.get), fingerprint(path: "/api/deck/abc123def456/draw/bottom/"), fingerprint(query: "count=3"),
            fingerprint(query: ""), fingerprint(caller: bob), fingerprint(caller: .spectator),
            fingerprint(query: "count=2&x="),
        ]
        #expect(Set(others + [base]).count == others.count + 1)
        // Fields are length-prefixed: moving text between them changes the fingerprint.
        #expect(fingerprint(path: "/p/", query: "ab=c") != fingerprint(path: "/p/", query: "a=bc"))
    }

    @Test func newDeckKeysAreScopedByTheClientsAddressAndDeckKeysByTheirDeck() throws {
        let key = try #require(try RequestIdempotency.read("0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a90"))
        let fingerprint = RequestIdempotency.fingerprint(
            method: .post, path: "/api/deck/new/", parameters: APIParameters(encoded: "deck_count=2"),
            caller: .spectator)
        let here = AnswerSeal(
            key: key, scope: .newDecks(client: "10.0.0.1"), fingerprint: fingerprint, cardJSON: cardJSON
        ).storedKey
        let there = AnswerSeal(
            key: key, scope: .newDecks(client: "10.0.0.2"), fingerprint: fingerprint, cardJSON: cardJSON
        ).storedKey
        let onADeck = AnswerSeal(
            key: key, scope: .deck(id: "abc123def456"), fingerprint: fingerprint, cardJSON: cardJSON
        ).storedKey
        let onAnother = AnswerSeal(
            key: key, scope: .deck(id: "abc123def457"), fingerprint: fingerprint, cardJSON: cardJSON
        ).storedKey
        #expect(Set([here, there, onADeck, onAnother].map(\.key)).count == 4, "one key, four unrelated rows")
        #expect(Set([here, there, onADeck, onAnother].map(\.fingerprint)).count == 4)
        // The same key, scope and request find the same row.
        #expect(
            AnswerSeal(key: key, scope: .newDecks(client: "10.0.0.1"), fingerprint: fingerprint, cardJSON: cardJSON)
                .storedKey == here)
        // What the store keeps names neither the key nor the request.
        #expect(here.key.count == 64 && here.key.allSatisfy(\.isHexDigit) && !here.key.contains(key.key))
        #expect(here.fingerprint != fingerprint && here.fingerprint.count == 32)
    }

    @Test func answersAreSealedAndOpenOnlyWithTheirKeyAndRequest() throws {
        let token = "tKJ1Vb8sQxg0mR4uYp2nZc7wLd9hEf3aBi5oNj6kPqS"
        let answer = APIResponse(
            status: .ok, json: #"{"success":true,"deck_id":"abc123def456","player":"ana","token":""# + token + #""}"#,
            changeNumber: 7)
        let key = try #require(try RequestIdempotency.read("0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a90"))
        let otherKey = try #require(try RequestIdempotency.read("0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a91"))
        let fingerprint = Array(repeating: UInt8(1), count: 32)
        let seal = AnswerSeal(key: key, scope: .deck(id: "abc123def456"), fingerprint: fingerprint, cardJSON: cardJSON)
        let remembered = seal.seal(answer)
        #expect(remembered.status == 200 && remembered.changeNumber == 7)
        #expect(!String(decoding: remembered.body, as: UTF8.self).contains(token))
        #expect(!String(decoding: remembered.body, as: UTF8.self).contains("abc123def456"))
        #expect(seal.seal(answer).body != remembered.body, "a fresh nonce every time")

        let again = try seal.open(remembered)
        #expect(again.status == .ok && again.json == answer.json && again.changeNumber == 7 && again.replayed)
        // Another key, another scope, another request, or an altered row: nothing opens.
        let strangers = [
            AnswerSeal(key: otherKey, scope: .deck(id: "abc123def456"), fingerprint: fingerprint, cardJSON: cardJSON),
            AnswerSeal(key: key, scope: .deck(id: "abc123def457"), fingerprint: fingerprint, cardJSON: cardJSON),
            AnswerSeal(
                key: key, scope: .deck(id: "abc123def456"), fingerprint: Array(repeating: 2, count: 32),
                cardJSON: cardJSON),
        ]
        for stranger in strangers {
            #expect(throws: AnswerSeal.UnreadableAnswer.self) { try stranger.open(remembered) }
        }
        var altered = remembered.body
        altered[altered.count / 2] ^= 1
        let tampered = [
            RememberedAnswer(status: 200, body: altered, changeNumber: 7),
            RememberedAnswer(status: 201, body: remembered.body, changeNumber: 7),
            RememberedAnswer(status: 200, body: remembered.body, changeNumber: 8),
            RememberedAnswer(status: 200, body: [], changeNumber: 7),
            RememberedAnswer(status: 200, body: [9] + remembered.body.dropFirst(), changeNumber: 7),
        ]
        for row in tampered {
            #expect(throws: AnswerSeal.UnreadableAnswer.self) { try seal.open(row) }
        }
        #expect(APIError.idempotencyKeyReused.status.code == 422)
    }
}
