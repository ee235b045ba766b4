import DeckStorage
import HTTPTypes
import Testing

@testable import DeckService

/// Reading `Idempotency-Key` and telling requests apart by their fingerprint.
@Suite struct RequestIdempotencyTests {
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

    @Test func newDeckKeysAreScopedByTheClientsAddress() throws {
        let key = try #require(try RequestIdempotency.read("0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a90"))
        let parameters = APIParameters(encoded: "deck_count=2")
        let here = key.inNewDeckScope(client: "10.0.0.1", method: .post, path: "/api/deck/new/", parameters: parameters)
        let there = key.inNewDeckScope(
            client: "10.0.0.2", method: .post, path: "/api/deck/new/", parameters: parameters)
        #expect(here.key != there.key)
        #expect(here.fingerprint == there.fingerprint)
        let deck = key.inDeckScope(
            method: .post, path: "/api/deck/abc123def456/draw/", parameters: parameters, caller: .spectator)
        #expect(deck.key == key.key)
    }

    @Test func answersAreRememberedAndGivenAgainByteForByte() {
        let answer = APIResponse(status: .ok, json: #"{"success":true,"deck_id":"abc123def456","remaining":50}"#)
        let remembered = answer.remembered(changeNumber: 7)
        #expect(remembered == RememberedAnswer(status: 200, body: Array(answer.json.utf8), changeNumber: 7))
        let again = APIResponse(remembered: remembered)
        #expect(again.status == .ok && again.json == answer.json)
        #expect(APIError.idempotencyKeyReused.status.code == 422)
    }
}
