import DeckService
import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two real `riffle serve` processes on one PostgreSQL database, under 64 concurrent clients
/// split between them, all working on one 20-deck shoe.
@Suite struct MultiProcessPostgresTests {
    @Test func twoServersOnOneDatabaseNeverDealACardTwice() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let store = try await StoreBackend.postgres.openStore(database)  // creates the schema first
        let first = try await RiffleProcess.start(database: database)
        defer { first.kill() }
        let second = try await RiffleProcess.start(database: database)
        defer { second.kill() }
        let servers = [first.baseURL, second.baseURL]
        let session = makeTestSession()
        let created = try await httpGetJSON(servers[0] + "/api/deck/new/shuffle/?deck_count=20", session: session)
        let id = try #require(created.object["deck_id"] as? String)

        // Each client draws two cards through one server, files them in a pile through the other,
        // and every other round takes one card back off that pile's bottom through the first.
        let outcomes = try await withThrowingTaskGroup(of: ClientOutcome.self) { group in
            for client in 0..<64 {
                group.addTask {
                    var outcome = ClientOutcome()
                    let here = servers[client % 2]
                    let there = servers[(client + 1) % 2]
                    let pile = "pile\(client % 8)"
                    for round in 0..<4 {
                        let draw = try await httpGetJSON(here + "/api/deck/\(id)/draw/?count=2", session: session)
                        outcome.statuses.append(draw.status)
                        let codes = cardCodes(draw.object)
                        outcome.dealt += codes
                        let add = try await httpGetJSON(
                            there + "/api/deck/\(id)/pile/\(pile)/add/?cards=" + codes.joined(separator: ","),
                            session: session)
                        outcome.statuses.append(add.status)
                        if round % 2 == 1 {
                            let back = try await httpGetJSON(
                                here + "/api/deck/\(id)/pile/\(pile)/draw/bottom/?count=1", session: session)
                            outcome.statuses.append(back.status)
                        }
                    }
                    return outcome
                }
            }
            var all: [ClientOutcome] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }

        let statuses = outcomes.flatMap(\.statuses)
        #expect(statuses.count == 64 * 10)
        #expect(statuses.allSatisfy { (200..<300).contains($0) }, "non-2xx: \(statuses.filter { $0 >= 300 })")
        let dealt = outcomes.flatMap(\.dealt)
        #expect(dealt.count == 64 * 8)

        // The API's view, from the second server: stack + piles + drawn is the whole shoe.
        let info = try await httpGetJSON(servers[1] + "/api/deck/\(id)/pile/pile0/list/", session: session)
        let drawn = try await httpGetJSON(servers[1] + "/api/deck/\(id)/drawn/", session: session)
        let piles = info.object["piles"] as? [String: [String: Any]] ?? [:]
        let inPiles = piles.values.compactMap { $0["remaining"] as? Int }.reduce(0, +)
        let remaining = try #require(info.object["remaining"] as? Int)
        #expect(remaining == 1040 - 512)
        #expect(remaining + inPiles + cardCodes(drawn.object).count == 1040)

        // The stored deck: every card dealt from the stack is held exactly once, in a pile or drawn.
        let deck = try #require(try await store.deck(withID: id))
        #expect(deck.isConsistent)
        expectDealtCardsAreHeldOnce(dealt, by: deck)
        var wholeShoe: [String: Int] = [:]
        for card in deck.stack + deck.drawn + deck.piles.flatMap(\.cards) { wholeShoe[card.code, default: 0] += 1 }
        #expect(wholeShoe.count == 52 && wholeShoe.values.allSatisfy { $0 == 20 })
    }
}

private struct ClientOutcome: Sendable {
    var statuses: [Int] = []
    var dealt: [String] = []
}
