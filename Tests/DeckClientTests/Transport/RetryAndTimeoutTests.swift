import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

/// The fake transports' minute-long sleeps are the scenario, not a wait for work: a server that does not answer.
/// The client's own timeout (50 ms) cancels each of them, so no test waits one out.
@Suite("Timeouts and retries")
struct RetryAndTimeoutTests {
    @Test("A request with no answer within the timeout fails with timedOut")
    func timeout() async throws {
        let transport = FakeTransport { _, _ in
            try await Task.sleep(for: .seconds(60))
            return HTTPResponse(status: 200)
        }
        let client = DeckOfCardsClient.fake(transport, timeout: 0.05, attempts: 1)
        let error = await #expect(throws: DeckClientError.self) { try await client.deckInfo(deckID: "abc123def456") }
        #expect(error?.code == .timedOut)
        #expect(error?.isTransient == true)
        #expect(await transport.log.count == 1)
    }

    /// A transport that never answers and ignores cancellation (a lost completion handler, a continuation nobody
    /// resumes): the timeout must still end the call. A task group around the attempt waited for it for ever.
    @Test("The timeout ends a request whose transport ignores cancellation")
    func timeoutWithATransportThatIgnoresCancellation() async throws {
        let neverAnswered = Gate()
        let transport = FakeTransport { _, _ in
            await neverAnswered.wait()
            return HTTPResponse(status: 200)
        }
        let client = DeckOfCardsClient.fake(transport, timeout: 0.05, attempts: 1)
        let error = await #expect(throws: DeckClientError.self) {
            try await waitFor("the client's timeout", upTo: testWaitLimit) {
                try await client.deckInfo(deckID: "abc123def456")
            }
        }
        #expect(error?.code == .timedOut)
        await neverAnswered.open()
    }

    @Test("A safe read is retried after timeouts, up to the policy's attempts")
    func readRetriedAfterTimeouts() async throws {
        let transport = FakeTransport { _, attempt in
            if attempt < 3 { try await Task.sleep(for: .seconds(60)) }
            return HTTPResponse(status: 200, body: Data(Sample.deck.utf8))
        }
        let client = DeckOfCardsClient.fake(transport, timeout: 0.05, attempts: 3)
        let deck = try await client.deckInfo(deckID: "abc123def456")
        #expect(deck == DeckStatus(deckID: "abc123def456", remaining: 52, shuffled: true))
        #expect(await transport.log.count == 3)
    }

    @Test("Reads are retried after refused connections, then give up with the last error")
    func readsRetriedThenGiveUp() async throws {
        let transport = FakeTransport { _, _ in throw URLError(.cannotConnectToHost) }
        let client = DeckOfCardsClient.fake(transport, attempts: 4)
        let error = await #expect(throws: DeckClientError.self) {
            try await client.listPile(deckID: "abc123def456", pile: "p")
        }
        #expect(error?.code == .transportFailed)
        #expect(await transport.log.count == 4)
        _ = try? await client.drawnCards(deckID: "abc123def456")
        #expect(await transport.log.count == 8)
    }

    @Test("A read is retried after 503 and succeeds")
    func readRetriedAfter503() async throws {
        let transport = FakeTransport { _, attempt in
            attempt == 1 ? HTTPResponse(status: 503) : HTTPResponse(status: 200, body: Data(Sample.deck.utf8))
        }
        let client = DeckOfCardsClient.fake(transport)
        #expect(try await client.deckInfo(deckID: "abc123def456").remaining == 52)
        #expect(await transport.log.count == 2)
    }

    /// Every changing call of the client, by name.
    static let changes = [
        "draw", "newDeck", "newDeckAndDraw", "shuffle", "return", "addToPile", "shufflePile", "drawFromPile",
        "returnPile", "join", "deal",
    ]

    private func change(_ operation: String, with client: DeckOfCardsClient) async throws {
        let id = "abc123def456"
        switch operation {
        case "draw": _ = try await client.draw(deckID: id, count: 2)
        case "newDeck": _ = try await client.newDeck()
        case "newDeckAndDraw": _ = try await client.newDeckAndDraw(count: 2)
        case "shuffle": _ = try await client.shuffle(deckID: id)
        case "return": _ = try await client.returnCards(deckID: id)
        case "addToPile": _ = try await client.addToPile(deckID: id, pile: "p", cards: [.joker(.red)])
        case "shufflePile": _ = try await client.shufflePile(deckID: id, pile: "p")
        case "drawFromPile": _ = try await client.drawFromPile(deckID: id, pile: "p", count: 1)
        case "join": _ = try await client.join(deckID: id, player: "ana")
        case "deal": _ = try await client.deal(deckID: id, pile: "ana", count: 1)
        default: _ = try await client.returnPile(deckID: id, pile: "p")
        }
    }

    @Test("Changes are resent after transient failures, every attempt with the call's one key", arguments: changes)
    func changesResentWithTheirKey(operation: String) async throws {
        let transport = FakeTransport { _, _ in throw URLError(.networkConnectionLost) }
        let client = DeckOfCardsClient.fake(transport, attempts: 4)
        let error = await #expect(throws: DeckClientError.self) { try await change(operation, with: client) }
        #expect(error?.code == .transportFailed)
        let keys = await transport.log.requests.map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 4)
        let key = try #require(keys.first ?? nil)
        #expect(ChangeOptions.isValidKey(key))
        #expect(keys.allSatisfy { $0 == key })
        // The next call is another change: another key.
        _ = try? await change(operation, with: client)
        let next = await transport.log.requests.last?.headers["Idempotency-Key"]
        #expect(next != nil && next != key)
    }

    @Test("With readsOnly, changes are sent once", arguments: changes)
    func changesSentOnceWhenThePolicySaysSo(operation: String) async throws {
        let transport = FakeTransport { _, _ in throw URLError(.networkConnectionLost) }
        let client = DeckOfCardsClient.fake(transport, attempts: 5, resendsChanges: false)
        let error = await #expect(throws: DeckClientError.self) { try await change(operation, with: client) }
        #expect(error?.code == .transportFailed)
        #expect(error?.isTransient == true)
        #expect(await transport.log.count == 1)
        #expect(RetryPolicy.readsOnly.resendsChanges == false && RetryPolicy.default.resendsChanges)
    }

    @Test("A draw that timed out is resent with the same key, and its answer is the draw's")
    func drawTimeoutResentWithItsKey() async throws {
        let transport = FakeTransport { _, attempt in
            if attempt == 1 { try await Task.sleep(for: .seconds(60)) }
            return HTTPResponse(status: 200, body: Data(Sample.draw.utf8))
        }
        let client = DeckOfCardsClient.fake(transport, timeout: 0.05, attempts: 5)
        let drawn = try await client.draw(deckID: "abc123def456", count: 2)
        #expect(drawn.cards.map(\.code) == ["KH", "8C"])
        let keys = await transport.log.requests.map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
    }

    @Test("A non-transient failure is not retried even for reads")
    func permanentFailureNotRetried() async throws {
        let transport = FakeTransport { _, _ in throw HTTPTransportFailure("bad certificate", isTransient: false) }
        let client = DeckOfCardsClient.fake(transport, attempts: 5)
        let error = await #expect(throws: DeckClientError.self) { try await client.deckInfo(deckID: "abc123def456") }
        #expect(error?.code == .transportFailed)
        #expect(error?.message == "bad certificate")
        #expect(await transport.log.count == 1)
    }

    @Test("Backoff grows by the multiplier and stops at the cap")
    func backoff() {
        let policy = RetryPolicy(
            maximumAttempts: 6, initialBackoff: 0.1, multiplier: 2, maximumBackoff: 0.5)
        #expect(
            (1...5).map { policy.backoff(beforeRetry: $0) } == [
                0.1, 0.2, 0.4, 0.5, 0.5,
            ])
        let clamped = RetryPolicy(maximumAttempts: 0, initialBackoff: -0.005, multiplier: 0.5)
        #expect(clamped.maximumAttempts == 1)
        #expect(clamped.initialBackoff == 0)
        #expect(clamped.multiplier == 1)
    }
}
