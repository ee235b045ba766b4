// Imports the SDK, the storage contract and PlayingCards side by side, as another package would (no `@testable`):
// the store's record is `StoredDeckEvent`, the stream's event `DeckEvent`, a card `Card`, each without a module
// name. Were one of them declared twice among the imported modules, this file would not compile.
import DeckClient
import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@Suite("The store's record and the stream's event of one change", .stopsItsServers)
struct StoredAndStreamedEventTests {
    /// The event stream ended, or did not start with `hello`.
    struct UnexpectedStream: Error, CustomStringConvertible {
        let description: String
    }

    @Test("The change a subscriber hears is the one the store recorded, under the same number")
    func sameChange() async throws {
        let server = try await TestServer.start()
        do {
            try await playAndCompare(on: server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func playAndCompare(on server: TestServer) async throws {
        let client = DeckOfCardsClient(
            configuration: DeckClientConfiguration(baseURL: URL(string: server.baseURL)!, timeout: 20))
        let id = try await client.newDeck(shuffled: true).deckID
        let seat = try await client.join(deckID: id, player: "ana")
        let ana = client.withPlayer(seat.token)
        let hand: [Card] = try await ana.draw(deckID: id, count: 2).cards.map(\.card)
        let stream = ana.events(deckID: id)
        let heard: DeckEvent = try await waitFor("the event of the cards played to the centre", upTo: testWaitLimit) {
            var events = stream.makeAsyncIterator()
            // The change comes after the hello, so that it is an event of its own and not part of the hello.
            guard try await events.next()?.kind == .hello else {
                throw UnexpectedStream(description: "the stream did not start with hello")
            }
            _ = try await ana.addToPile(deckID: id, pile: "centre", cards: hand)
            while let event = try await events.next() {
                if event.kind == .pileAdd { return event }
            }
            throw UnexpectedStream(description: "the stream ended before the change")
        }
        #expect(heard.moved.first { $0.to == "centre" }?.cards == hand)

        let recorded: [StoredDeckEvent] = try await server.store.events(
            deckID: id, after: Int64(heard.id) - 1, limit: 1)
        #expect(recorded.map(\.deckID) == [id])
        #expect(recorded.map(\.number) == [Int64(heard.id)])
    }
}
