import PlayingCards
import Testing

@testable import TableCore

/// The events' visibility rule on its own: what each subscriber is told of a change's moves.
@Suite struct TableEventRendererTests {
    private func cards(_ codes: String) -> [Card] { CardList.parse(codes) }

    @Test func movesIntoHiddenPlacesAreCountsMergedInAFixedOrder() {
        // A reshuffle's moves, interleaved as the new stack order would put them.
        let moves = [
            CardMove(from: .pile("bob"), to: .stack, cards: cards("AS")),
            CardMove(from: .drawn, to: .stack, cards: cards("2S,3S")),
            CardMove(from: .pile("bob"), to: .stack, cards: cards("4S")),
            CardMove(from: .pile("centre"), to: .stack, cards: cards("5S")),
            CardMove(from: .drawn, to: .stack, cards: cards("6S")),
        ]
        let reordered = [moves[4], moves[2], moves[3], moves[1], moves[0]]
        for viewer in [nil, "alice", "bob"] {
            let shown = TableEventRenderer.shownMoves(moves, players: ["alice", "bob"], viewer: viewer)
            #expect(shown == TableEventRenderer.shownMoves(reordered, players: ["alice", "bob"], viewer: viewer))
            #expect(shown.allSatisfy { $0.cards == nil })
            #expect(shown.map(\.count) == [3, 2, 1])
            #expect(shown.map(\.from) == [.drawn, .pile("bob"), .pile("centre")])
        }
    }

    @Test func aMoveIntoAVisiblePlaceListsItsCards() {
        let deal = [CardMove(from: .stack, to: .pile("alice"), cards: cards("AS,2S"))]
        let toAlice = TableEventRenderer.shownMoves(deal, players: ["alice", "bob"], viewer: "alice")
        #expect(toAlice.first?.cards == cards("AS,2S"))
        for viewer in [nil, "bob"] {
            let toOthers = TableEventRenderer.shownMoves(deal, players: ["alice", "bob"], viewer: viewer)
            #expect(toOthers.first?.cards == nil)
            #expect(toOthers.first?.count == 2)
        }
        let play = [CardMove(from: .pile("alice"), to: .pile("centre"), cards: cards("2S"))]
        #expect(TableEventRenderer.shownMoves(play, players: ["alice"], viewer: nil).first?.cards == cards("2S"))
    }
}

extension TableEventRendererTests {
    /// The hub renders a change once for spectators and again only for the players who see more
    /// of it (``TableEventRenderer/showsMore(of:to:)``): on random tables and random changes, every
    /// other player's frame is the spectator's, byte for byte.
    @Test func aPlayerWhoSeesNoMoreThanASpectatorGetsTheSpectatorsFrame() throws {
        let renderer = TableEventRenderer(cardJSON: NoninterferenceTests.cardJSON)
        let core = DeckCore(cardJSON: NoninterferenceTests.cardJSON)
        var shared = 0
        for seed in UInt64(0)..<300 {
            var generator = SeededRandomNumberGenerator(seed: seed)
            var deck = try RandomTable.make(using: &generator)
            for step in 0..<6 {
                let request = RandomTable.request(on: deck, step: step, using: &generator)
                let caller = RandomTable.caller(on: deck, using: &generator)
                let before = deck
                let outcome = core.answer(
                    request, deckID: "abcdefabcdef", deck: &deck, caller: caller, using: &generator)
                guard let record = outcome.record, let snapshot = try? record.snapshot(after: TableSnapshot(before))
                else { continue }
                let step = TableEventReplay.Step(number: outcome.changeNumber, record: record, snapshot: snapshot)
                let spectators = renderer.event(step, deckID: "abcdefabcdef", viewer: nil)
                for player in deck.table?.players.map(\.name) ?? []
                where !TableEventRenderer.showsMore(of: step, to: player) {
                    #expect(renderer.event(step, deckID: "abcdefabcdef", viewer: player) == spectators)
                    shared += 1
                }
            }
        }
        #expect(shared > 1_000)
    }
}
