import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@Suite("Rounds decode: the round object, a round's history page, and bad data as named errors")
struct RoundDecodingTests {
    static let commitment = String(repeating: "ab", count: 32)

    /// A round's history page with one event and `round` as given.
    static func page(round: String) -> String {
        """
        {"success": true, "deck_id": "d", "change_number": 9, "viewer": "ana", "more": false, "events": [\
        {"id": 8, "event": "deal", "data": {"deck_id": "d", "remaining": 50, "piles": {"ana": {"remaining": 2, \
        "private": true}}, "moved": [{"from": "deck", "to": "ana", "count": 2, "cards": ["QH", {"code": "3D"}]}]}}], \
        "round": \(round)}
        """
    }

    static let revealedRound = """
        {"number": 2, "scheme": "riffle-commit-v1", "commitment": "\(commitment.uppercased())", "reveal": true, \
        "over": true, "seed": "00ff", "cards": "AS,2S,QH,3D", "steps": [{"step": "top", "cards": ["QH", "3D"]}, \
        {"step": "bottom", "cards": [{"code": "AS"}]}, {"step": "under", "cards": ["AS"]}, {"step": "reshuffled"}]}
        """

    @Test("a revealed round's page: the round, its cards in order, every kind of step; the request says round=2")
    func revealedPage() async throws {
        let transport = FakeTransport(json: Self.page(round: Self.revealedRound))
        let page = try await DeckOfCardsClient.fake(transport).history(deckID: "d", after: 7, limit: 3, round: 2)
        let record = try #require(page.round)
        #expect(record.round.number == 2 && record.round.scheme == ShuffleCommitment.scheme)
        #expect(record.round.commitment.digest == Self.commitment)
        #expect(record.round.revealsSeed && record.round.isOver && record.round.isRevealed)
        #expect(record.round.seed == "00ff")
        #expect(record.cards.map(\.code) == ["AS", "2S", "QH", "3D"])
        let (ace, queen, three) = (Card.standard(.ace, .spades), Card(code: "QH")!, Card(code: "3D")!)
        #expect(
            record.steps == [.fromTop([queen, three]), .fromBottom([ace]), .returnedToBottom([ace]), .stackReshuffled])
        #expect(page.events.first?.moved.first?.cards == [queen, three])
        let query = try #require(await transport.log.requests.first?.url.query)
        #expect(query.contains("round=2") && query.contains("after=7") && query.contains("limit=3"))
    }

    @Test("before the reveal: no seed, no steps; a page of the whole history has no round; deck info names one")
    func unrevealedAndAbsent() async throws {
        let open = """
            {"number": 3, "scheme": "riffle-commit-v1", "commitment": "\(Self.commitment)", "reveal": false, \
            "over": false, "cards": ""}
            """
        let page = try await DeckOfCardsClient.answering(Self.page(round: open)).history(deckID: "d", round: 3)
        let record = try #require(page.round)
        #expect(record.round.seed == nil && !record.round.isRevealed && !record.round.revealsSeed)
        #expect(record.steps == nil && record.cards == [])

        let whole = Self.page(round: "null")
        #expect(try await DeckOfCardsClient.answering(whole).history(deckID: "d").round == nil)

        let info = """
            {"success": true, "deck_id": "d", "remaining": 52, "shuffled": true, "round": {"number": 1, \
            "scheme": "riffle-commit-v1", "commitment": "\(Self.commitment)", "reveal": true, "over": false}}
            """
        let status = try await DeckOfCardsClient.answering(info).deckInfo(deckID: "d")
        #expect(status.round?.number == 1 && status.round?.isOver == false)
        #expect(try await DeckOfCardsClient.answering(Sample.deck).deckInfo(deckID: "d").round == nil)
    }

    @Test(
        "bad round data is a decoding error naming the field",
        arguments: [
            (#""cards": "AS,2S,QH,3D""#, #""cards": "AS,ZZ,QH""#, "round.cards"),
            (#""step": "top""#, #""step": "middle""#, "round.steps[0].step"),
            (
                #""commitment": "\#(RoundDecodingTests.commitment.uppercased())""#, #""commitment": "abc""#,
                "round.commitment"
            ),
            (#""number": 2"#, #""number": 0"#, "round.number"),
            (#""over": true"#, #""over": "yes""#, "round.over"),
            (#""step": "bottom", "cards": [{"code": "AS"}]"#, #""step": "bottom""#, "round.steps[1].cards"),
        ])
    func badData(original: String, replacement: String, keyPath: String) async throws {
        let round = Self.revealedRound.replacingOccurrences(of: original, with: replacement)
        #expect(round != Self.revealedRound)
        let error = await #expect(throws: DeckClientError.self) {
            try await DeckOfCardsClient.answering(Self.page(round: round)).history(deckID: "d", round: 2)
        }
        #expect(error?.code == .decodingFailed)
        #expect(error?.keyPath == keyPath, "\(error?.message ?? "")")
    }

    @Test("verify refuses what it cannot check: an unknown scheme, a reveal without steps, a page without its round")
    func unverifiable() async throws {
        let scheme = Self.revealedRound.replacingOccurrences(of: "riffle-commit-v1", with: "riffle-commit-v9")
        let noSteps = Self.revealedRound.replacingOccurrences(
            of: #", "steps": [{"step": "top", "cards": ["QH", "3D"]}, {"step": "bottom", "cards": [{"code": "AS"}]}, "#
                + #"{"step": "under", "cards": ["AS"]}, {"step": "reshuffled"}]"#, with: "")
        #expect(noSteps != Self.revealedRound)
        let otherRound = Self.revealedRound.replacingOccurrences(of: #""number": 2"#, with: #""number": 5"#)
        for (round, keyPath) in [
            (scheme, "round.scheme"), (noSteps, "round.steps"), ("null", "round"), (otherRound, "round.number"),
        ] {
            let error = await #expect(throws: DeckClientError.self) {
                try await DeckOfCardsClient.answering(Self.page(round: round)).verify(deckID: "d", round: 2)
            }
            #expect(
                error?.code == .decodingFailed && error?.keyPath == keyPath, "\(keyPath): \(String(describing: error))")
        }
    }

    @Test("a round never played is roundNotFound; so is a deck without rounds; round 0 fails before any request")
    func missingRounds() async throws {
        var generator = SeededRandomNumberGenerator(seed: 1)
        let fixture = try RoundFixture.play(seed: "5eed", number: 4, using: &generator)
        let (client, log) = DeckOfCardsClient.serving(fixture)
        let never = await #expect(throws: DeckClientError.self) {
            try await client.verify(deckID: fixture.deckID, round: 9)
        }
        #expect(never?.code == .roundNotFound && never?.httpStatus == 404)
        let unknownDeck = await #expect(throws: DeckClientError.self) {
            try await client.verify(deckID: "nosuchdeck00", round: 4)
        }
        #expect(unknownDeck?.code == .deckNotFound)

        let noRound = await #expect(throws: DeckClientError.self) {
            try await DeckOfCardsClient.answering(Sample.deck).verify(deckID: "abc123def456")
        }
        #expect(noRound?.code == .roundNotFound)

        let before = await log.count
        let zero = await #expect(throws: DeckClientError.self) {
            try await client.verify(deckID: fixture.deckID, round: 0)
        }
        #expect(zero?.code == .invalidRequest)
        #expect(await log.count == before)
    }
}
