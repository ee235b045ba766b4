import PlayingCards
import Testing

@testable import TableCore

/// Remembered answers made compact: every run of card objects is a byte per card, and expanding
/// gives the JSON back byte for byte.
@Suite struct CompactAnswerTests {
    let cardJSON = CardJSON(publicURL: "http://cards.test")

    @Test func answersComeBackByteForByteAndCardsCostAByteEach() throws {
        var generator = SeededRandomNumberGenerator(seed: 41)
        let cards = (0..<1_000).map { _ in Card.allCards[Int.random(in: 0..<54, using: &generator)] }
        let answers = [
            #"{"success":true,"deck_id":"abc123def456","cards":"# + cardJSON.array(cards) + #","remaining":40}"#,
            #"{"success":true,"piles":{"a":{"remaining":1,"cards":"# + cardJSON.array(cards.prefix(1)) + "}}}",
            #"{"success":true,"cards":[],"note":"{\"code\":\"AS\" is not a card object"}"#,
            "{\"success\":true,\"display_name\":\"Zoë 山田 \u{FE}\"}",
        ]
        for answer in answers {
            let compact = CompactAnswer.compacted(answer, cardJSON: cardJSON)
            #expect(CompactAnswer.expanded(compact, cardJSON: cardJSON) == answer)
        }
        let draw = CompactAnswer.compacted(answers[0], cardJSON: cardJSON)
        #expect(draw.count < 1_100, "\(draw.count) bytes for 1,000 cards")
        #expect(CompactAnswer.expanded([CompactAnswer.runMarker, 5, 1], cardJSON: cardJSON) == nil)
    }
}
