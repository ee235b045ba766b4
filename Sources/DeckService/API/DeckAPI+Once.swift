import Crypto
import DeckStorage
import HTTPTypes
import PlayingCards
import TableCore

/// Every change happens once: a change with an `Idempotency-Key` runs through the store's
/// `DeckStore/updateOnce(deckID:now:key:_:)` (a new deck through
/// `DeckStore/insertOnce(_:now:key:answer:)`), which in one transaction either finds the key and
/// its remembered answer or makes the change and remembers its answer with the key.
///
/// - The same key with the same request (method, path, parameters, caller) answers the first
///   answer again, byte for byte, with its `ETag`: nothing runs, nothing changes, no event.
/// - The same key with another request is `422`, and nothing changes.
/// - Only a change that changed something (a 2xx answer that counted a change) is remembered: a
///   refused request (401, 403, 404, 409, 412, …) or one that changed nothing (a draw of 0 cards)
///   is answered as if it had no key, and may be sent again with its key.
/// - Past a cap of remembered keys (per deck, per client; see `IdempotencyKey`) a new key is
///   refused with `429` and `Retry-After`, and nothing changes: nothing is forgotten to make room.
///
/// What is remembered is sealed (`AnswerSeal`) and compact (`CompactAnswer`): the store holds
/// nothing usable without the key, and about a byte per card.
extension DeckAPI {
    /// Makes a change of an existing deck, with its `If-Match` and, if any, once per key.
    ///
    /// - Parameters:
    ///   - request: the parsed change.
    ///   - id: the deck's id.
    ///   - parameters: the request's parameters (part of what identifies it under its key).
    ///   - caller: who is asking.
    ///   - head: the method, path and change headers.
    /// - Returns: the answer, with the deck's change number.
    /// - Throws: `APIError` (400 for malformed headers, 404 for an unknown deck, 422 for a reused
    ///   key), `AnswerSeal/UnreadableAnswer`, or a storage error.
    func change(
        _ request: DeckOperation, deckID id: String, parameters: APIParameters, caller: Caller, head: RequestHead
    ) async throws -> APIResponse {
        let precondition = try ChangePrecondition.read(head.ifMatch)
        guard let key = try RequestIdempotency.read(head.idempotencyKey) else {
            return try await answer(request, deckID: id, caller: caller, precondition: precondition).response
        }
        guard DeckID.isWellFormed(id) else { throw APIError.unknownDeck }
        let seal = AnswerSeal(
            key: key, scope: .deck(id: id),
            fingerprint: RequestIdempotency.fingerprint(
                method: head.method, path: head.path, parameters: parameters, caller: caller),
            cardJSON: cardJSON.current)
        let core = DeckCore(cardJSON: cardJSON.current)
        do {
            let outcome = try await store.updateOnce(deckID: id, now: clock(), key: seal.storedKey(for: head)) {
                deck in
                let before = deck.changeNumber
                var generator = SystemRandomNumberGenerator()
                let outcome = core.answer(
                    request, deckID: id, deck: &deck, caller: caller, precondition: precondition, using: &generator)
                // A refusal, or a change that changed nothing, is thrown: the store remembers
                // nothing with the key.
                guard outcome.response.status.code < 300, outcome.changeNumber != before else {
                    throw RefusedChange(response: outcome.response)
                }
                return (outcome.response, outcome.event, seal.seal(outcome.response))
            }
            return try Self.response(for: outcome, seal: seal)
        } catch let refused as RefusedChange {
            return refused.response
        }
    }

    /// Stores a new deck once per key of the client's new-deck scope.
    ///
    /// - Parameters:
    ///   - deck: the new deck.
    ///   - key: the request's key.
    ///   - parameters: the request's parameters.
    ///   - head: the method, path and client.
    ///   - render: the answer, given the new deck's id.
    /// - Returns: the answer: the new deck's, or the one remembered with the key.
    func insertOnce(
        _ deck: DeckState, key: RequestIdempotency, parameters: APIParameters, head: RequestHead,
        render: @escaping @Sendable (String) -> APIResponse
    ) async throws -> APIResponse {
        let seal = AnswerSeal(
            key: key, scope: .newDecks(client: head.client),
            fingerprint: RequestIdempotency.fingerprint(
                method: head.method, path: head.path, parameters: parameters, caller: .spectator),
            cardJSON: cardJSON.current)
        let outcome = try await store.insertOnce(deck, now: clock(), key: seal.storedKey(for: head)) { id in
            seal.seal(render(id))
        }
        switch outcome {
        case .performed(let id): return render(id)
        case .replayed(let answer): return try seal.open(answer)
        case .keyReused: throw APIError.idempotencyKeyReused
        case .capReached(let cap): throw APIError.rememberedKeysCapped(cap)
        }
    }

    private static func response(
        for outcome: IdempotentOutcome<APIResponse>?, seal: AnswerSeal
    ) throws -> APIResponse {
        switch outcome {
        case .performed(let response)?: return response
        case .replayed(let answer)?: return try seal.open(answer)
        case .keyReused?: throw APIError.idempotencyKeyReused
        case .capReached(let cap)?: throw APIError.rememberedKeysCapped(cap)
        case nil: throw APIError.unknownDeck
        }
    }
}

/// A keyed change the core refused, or one that changed nothing, carried out of the store's
/// transaction so that its key is not remembered.
private struct RefusedChange: Error {
    let response: APIResponse
}

extension AnswerSeal {
    /// The key as the store keeps it, tagged with the client that sent it, for the per-client cap.
    func storedKey(for head: RequestHead) -> IdempotencyKey {
        IdempotencyKey(key: storedKey.key, fingerprint: storedKey.fingerprint, client: Self.clientTag(head.client))
    }

    /// A client's tag as remembered keys carry it: 8 bytes of SHA-256 of its address, enough to
    /// count by, without the address in the clear.
    static func clientTag(_ client: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(("riffle client " + client).utf8)).prefix(8))
    }
}

extension APIError {
    /// A new key past a cap of remembered keys.
    static func rememberedKeysCapped(_ cap: IdempotencyCap) -> APIError {
        let what =
            switch cap {
            case .deck:
                "This deck has " + String(IdempotencyKey.maximumPerDeck)
                    + " changes with an Idempotency-Key from the last hour remembered, the most it keeps"
            case .client:
                "This address has " + String(IdempotencyKey.maximumPerClient)
                    + " changes with an Idempotency-Key from the last hour remembered, the most it keeps"
            }
        var error = APIError(
            status: .tooManyRequests,
            message: what + "; nothing was done. Retry later, or send the change without a key.")
        error.retryAfterSeconds = 60
        return error
    }
}
