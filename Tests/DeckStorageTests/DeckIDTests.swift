import DeckStorage
import Testing

@Suite struct DeckIDTests {
    @Test func newIDsAreWellFormed() {
        for _ in 0..<100 { #expect(DeckID.isWellFormed(DeckID.random())) }
    }

    @Test(arguments: [
        ("abc123def456", true), ("000000000000", true), ("zzzzzzzzzzzz", true),
        ("abc123def45", false), ("abc123def4567", false), ("", false), ("ABC123DEF456", false),
        ("abc123def45-", false), ("abc123def45é", false), ("abc 23def456", false), ("abc123def45\u{0}", false),
    ])
    func shapeIsTwelveLowercaseLettersOrDigits(id: String, wellFormed: Bool) {
        #expect(DeckID.isWellFormed(id) == wellFormed)
        #expect(DeckID.isWellFormed(Substring("/" + id + "/").dropFirst().dropLast()) == wellFormed)
    }
}
