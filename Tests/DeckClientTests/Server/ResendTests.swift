import DeckClient
import DeckStorage
import Foundation
import RiffleTestSupport
import Testing

/// Changes through a network that loses answers, against a real `riffle serve`: the client resends
/// a change whose answer was lost, with the key it first sent it with.
@Suite("Changes resent against riffle serve", .stopsItsServers)
struct ResendTests {
    @Test("A change whose answer was lost is resent with the key of its first attempt")
    func lostAnswerResentWithItsKey() async throws {
        let server = try await TestServer.start()
        let proxy = try DroppingProxy(upstreamPort: server.port)
        defer { proxy.close() }
        do {
            let direct = server.client
            let viaProxy = proxy.client(retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: 0.05))
            let id = try await direct.newDeck(shuffled: true).deckID

            proxy.dropAnswers(1)
            let drawn = try await waitFor("the resent draw's answer", upTo: testWaitLimit) {
                try await viaProxy.draw(deckID: id, count: 2)
            }
            #expect(drawn.cards.count == 2)
            #expect(drawn.remaining == 50, "the resend got the first answer")
            #expect(try await direct.deckInfo(deckID: id).remaining == 50, "the deck changed once")
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

            // A join and a new deck whose answers were lost: the same seat and token, the same deck.
            proxy.dropAnswers(1)
            let seat = try await waitFor("the resent join's answer", upTo: testWaitLimit) {
                try await viaProxy.join(deckID: id, player: "ana")
            }
            let hand = try await direct.withPlayer(seat.token).deal(deckID: id, pile: "ana", count: 1)
            #expect(hand.cards?.count == 1, "the token the resend answered is the player's")
            #expect(hand.piles.map(\.name) == ["ana"])
            let decksBefore = try await server.store.deckCount()
            proxy.dropAnswers(1)
            let created = try await waitFor("the resent new deck's answer", upTo: testWaitLimit) {
                try await viaProxy.newDeck(shuffled: true)
            }
            #expect(try await server.store.deckCount() == decksBefore + 1, "one deck made")
            #expect(try await direct.deckInfo(deckID: created.deckID).remaining == 52)
            // Each of the four changes went out at least twice (a resend may itself be lost), with one
            // key each.
            let all = idempotencyKeys(in: proxy.requestText)
            let counts = Dictionary(all.map { ($0, 1) }, uniquingKeysWith: +)
            #expect(counts.count == 4 && counts.values.allSatisfy { $0 >= 2 }, "\(all)")
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
