// Imports what an app that shows cards imports from Riffle: the SDK and PlayingCards, side by side, as another
// package would (no `@testable`). `Card` and `DeckEvent` are written without a module name: were either declared
// twice among the imported modules, this file would not compile.
import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("DeckClient and PlayingCards imported together")
struct ImportedWithPlayingCardsTests {
    @Test("a draw's cards and an event's moved cards are PlayingCards' Card values")
    func cardsAreTyped() throws {
        let request = DeckRequest.draw(deckID: "abc123def456", count: 2)
        let answer = HTTPResponse(status: 200, body: Data(Sample.draw.utf8))
        let hand: [Card] = try DeckOfCardsClient.decode(DrawResult.self, from: answer, for: request).cards.map(\.card)
        #expect(hand == [.standard(.king, .hearts), .standard(.eight, .clubs)])
        #expect(hand.map(\.code) == ["KH", "8C"])
        #expect(hand.compactMap { Card(code: $0.code) } == hand)

        let data = """
            {"deck_id": "abc123def456", "remaining": 50, "piles": {"centre": {"remaining": 2}}, \
            "moved": [{"from": "ana", "to": "centre", "count": 2, "cards": ["KH", "8C"]}], "player": "ana"}
            """
        let event: DeckEvent = try DeckEvent(ServerSentEvent(type: "pile_add", data: data, lastEventID: "7"))
        let played: [Card]? = event.moved.first { $0.to == "centre" }?.cards
        #expect(event.kind == .pileAdd)
        #expect(played == hand)
    }
}
