import PlayingCards
import Testing

@testable import DeckService

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
