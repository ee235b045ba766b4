import DeckService
import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.stopsItsServers) struct ConcurrencyTests {
    /// 64 concurrent one-card draws on a 20-deck shoe, while other clients add cards to their own
    /// piles: every request succeeds, no card is dealt twice, no pile is lost, and stack + piles +
    /// drawn always equals the deck's contents.
    @Test(arguments: StoreBackend.server)
    func concurrentDrawsAndPileAddsLoseNothing(_ backend: StoreBackend) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        let base = server.baseURL
        let session = makeTestSession()
        let created = try await httpGetJSON(base + "/api/deck/new/shuffle/?deck_count=20", session: session)
        let id = try #require(created.object["deck_id"] as? String)

        let pileNames = (0..<8).map { "pile\($0)" }
        let results = try await withThrowingTaskGroup(of: (Int, [String], String?).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let draw = try await httpGetJSON(base + "/api/deck/\(id)/draw/?count=1", session: session)
                    return (draw.status, cardCodes(draw.object), nil)
                }
                if index < 32 {
                    let pile = pileNames[index % pileNames.count]
                    group.addTask {
                        // Each pile client draws two cards and files them in its pile.
                        let draw = try await httpGetJSON(base + "/api/deck/\(id)/draw/?count=2", session: session)
                        let codes = cardCodes(draw.object)
                        let add = try await httpGetJSON(
                            base + "/api/deck/\(id)/pile/\(pile)/add/?cards=" + codes.joined(separator: ","),
                            session: session)
                        return (min(draw.status, add.status) == 200 ? 200 : 500, codes, pile)
                    }
                }
            }
            var all: [(Int, [String], String?)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 96)
        #expect(results.allSatisfy { $0.0 == 200 })
        let dealt = results.flatMap(\.1)
        #expect(dealt.count == 64 + 64)
        // 20 copies of each card exist: no code may be dealt more than 20 times, and the deck agrees.
        let deck = try #require(try await server.store.deck(withID: id))
        #expect(deck.isConsistent)
        #expect(deck.remaining == 1040 - 128)
        #expect(deck.piles.map(\.name).sorted() == pileNames)
        #expect(deck.piles.reduce(0) { $0 + $1.remaining } == 64)
        expectDealtCardsAreHeldOnce(dealt, by: deck)
    }
}
