import DeckClient
import Foundation
import RiffleTestSupport
import Testing

/// Changes through a network that loses answers, against a real `riffle serve`: the client resends
/// a change whose answer was lost, with the key it first sent it with.
@Suite("Changes resent against riffle serve")
struct ResendTests {
    @Test("A change whose answer was lost is resent with the key of its first attempt")
    func lostAnswerResentWithItsKey() async throws {
        let server = try await TestServer.start()
        let proxy = try DroppingProxy(upstreamPort: server.port)
        defer { proxy.close() }
        do {
            let direct = DeckOfCardsClient(
                configuration: DeckClientConfiguration(baseURL: URL(string: server.baseURL)!, timeout: 20))
            let viaProxy = DeckOfCardsClient(
                configuration: DeckClientConfiguration(
                    baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, timeout: 20,
                    retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: 0.05)))
            let id = try await direct.newDeck(shuffled: true).deckID

            proxy.dropAnswers(1)
            let drawn = try await waitFor("the resent draw's answer", upTo: testWaitLimit) {
                try await viaProxy.draw(deckID: id, count: 2)
            }
            #expect(drawn.cards.count == 2)
            let keys = idempotencyKeys(in: proxy.requestText)
            #expect(keys.count == 2, "the draw was sent twice: \(keys)")
            #expect(Set(keys).count == 1, "with one key")
            #expect(keys.allSatisfy(ChangeOptions.isValidKey))

            // A caller's own key goes out as given, on the first attempt and the resend.
            proxy.dropAnswers(1)
            let own = "my-outbox-entry-000000000001"
            _ = try await waitFor("the resent shuffle's answer", upTo: testWaitLimit) {
                try await viaProxy.send(.shuffle(deckID: id).with(ChangeOptions(idempotencyKey: own)))
            }
            #expect(idempotencyKeys(in: proxy.requestText).suffix(2) == [own, own])
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The `Idempotency-Key` values of the requests in `text`, in order.
    private func idempotencyKeys(in text: String) -> [String] {
        text.components(separatedBy: "\r\n").compactMap { line in
            guard line.lowercased().hasPrefix("idempotency-key:") else { return nil }
            return line.dropFirst("idempotency-key:".count).trimmingCharacters(in: .whitespaces)
        }
    }
}
