import Foundation
import HTTPTypes
import PlayingCards
import Testing

@testable import TableCore

/// Rounds through the request core: the host's full reshuffle commits to a fresh secret seed, the next one (or the
/// host's end of the round) reveals it with the steps of the stack, and anyone can then check every card that left
/// the stack; no seed shows in any answer or event, to anyone, before its round is over.
@Suite struct TableRoundsTests {
    static let cardJSON = CardJSON(publicURL: "http://riffle.test")
    static let deckID = "abcdefabcdef"

    /// A table being played through the core, with every change's record kept, in order.
    struct PlayedTable {
        var deck: DeckState
        var records: [(number: Int64, record: TableEventRecord, snapshot: TableSnapshot)] = []
        var generator = SeededRandomNumberGenerator(seed: 7)
        let core = DeckCore(cardJSON: TableRoundsTests.cardJSON)

        init() throws {
            deck = DeckState(composition: try DeckComposition(), shuffled: true)
        }

        /// Runs `request` as `player` (a spectator when `nil`); returns the answer.
        @discardableResult
        mutating func run(_ request: DeckOperation, as player: String?) throws -> DeckOutcome {
            let before = TableSnapshot(deck)
            let caller: Caller = player.map { .token(hash: TableToken.hash("token-" + $0)) } ?? .spectator
            let outcome = core.answer(
                request, deckID: TableRoundsTests.deckID, deck: &deck, caller: caller, using: &generator)
            if let record = outcome.record {
                records.append((outcome.changeNumber, record, try record.snapshot(after: before)))
            }
            return outcome
        }

        var steps: [TableEventReplay.Step] {
            records.map { TableEventReplay.Step(number: $0.number, record: $0.record, snapshot: $0.snapshot) }
        }
    }

    static func threePlayers() throws -> PlayedTable {
        var table = try PlayedTable()
        for name in ["ann", "bob", "cat"] {
            try table.run(.join(player: name, token: "token-" + name, displayName: nil), as: nil)
        }
        return table
    }

    static func roundObject(_ json: String) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["round"] as? [String: Any])
    }

    @Test func theHostsReshuffleCommitsAndTheNextOneRevealsWithEveryStep() throws {
        var table = try Self.threePlayers()
        let shuffle = DeckOperation.reshuffle(onlyRemaining: false, jokersEnabled: nil, partialContents: nil, seed: nil)
        #expect(try table.run(shuffle, as: "bob").response.status == .forbidden)
        let started = try Self.roundObject(try table.run(shuffle, as: "ann").response.json)
        #expect(started["number"] as? Int == 1)
        #expect(started["scheme"] as? String == "riffle-commit-v1")
        #expect(started["over"] as? Bool == false && started["seed"] == nil)
        let commitment = try #require(started["commitment"] as? String)
        let secret = try #require(table.deck.table?.round?.seed)

        try table.run(.table(.dealToEveryone(count: 5)), as: "ann")
        try table.run(.draw(count: 2, source: .bottom), as: "bob")
        try table.run(.draw(count: 1, source: .top), as: "cat")
        try table.run(.returnCards(nil), as: "cat")
        for step in table.steps {
            #expect(!Self.frames(of: step).contains { $0.contains(secret) }, "the seed shows before the round is over")
        }

        let next = try table.run(shuffle, as: "ann")
        #expect(try Self.roundObject(next.response.json)["number"] as? Int == 2)
        let revealing = try #require(next.record?.round?.revealed)
        #expect(revealing.number == 1 && revealing.seed == secret && revealing.commitment.digest == commitment)
        let history = try #require(TableRoundHistory(round: 1, in: table.steps, changeNumber: table.deck.changeNumber))
        #expect(history.isOver && history.reveal?.seed == secret)
        let audit = RoundAudit(
            commitment: history.commitment, seed: secret, cards: history.cards, round: 1,
            steps: history.reveal?.steps ?? [])
        #expect(audit.isVerified && audit.checkedEverything)
        #expect(audit.checks.count == 5 * 3 + 2 + 1)
        #expect(history.json().contains("\"steps\":[{\"step\":\"top\""))
        #expect(TableRoundHistory(round: 3, in: table.steps, changeNumber: table.deck.changeNumber) == nil)
    }

    @Test func theHostEndsARoundAndRevealsItOnlyWhenTheTableRevealsRounds() throws {
        var table = try Self.threePlayers()
        let shuffle = DeckOperation.reshuffle(onlyRemaining: false, jokersEnabled: nil, partialContents: nil, seed: nil)
        #expect(try table.run(.table(.endRound), as: "ann").response.status == .conflict)
        try table.run(shuffle, as: "ann")
        try table.run(.table(.revealRounds(false)), as: "ann")
        #expect(try table.run(.table(.revealRounds(true)), as: "cat").response.status == .forbidden)
        try table.run(.table(.dealToEveryone(count: 4)), as: "ann")
        #expect(try table.run(.table(.endRound), as: "bob").response.status == .forbidden)
        let ended = try table.run(.table(.endRound), as: "ann")
        #expect(ended.response.status == .ok)
        #expect(table.deck.remaining == 52, "every card goes back")
        #expect(ended.record?.round?.revealed == nil, "this table does not reveal its rounds")
        #expect(try Self.roundObject(ended.response.json)["seed"] == nil)
        // Turned on after the round is over: revealed then.
        let turnedOn = try table.run(.table(.revealRounds(true)), as: "ann")
        #expect(turnedOn.record?.round?.revealed?.number == 1)
        #expect(try Self.roundObject(turnedOn.response.json)["seed"] as? String == table.deck.table?.round?.seed)
        // The next round does not reveal round 1 again.
        #expect(try table.run(shuffle, as: "ann").record?.round?.revealed == nil)
    }

    @Test func playersEntropyOrdersTheRoundAndTheRevealedRoundVerifiesWithIt() throws {
        var table = try Self.threePlayers()
        let shuffle = DeckOperation.reshuffle(onlyRemaining: false, jokersEnabled: nil, partialContents: nil, seed: nil)
        #expect(try table.run(.table(.addEntropy("early")), as: "bob").response.status == .conflict, "no round yet")
        try table.run(shuffle, as: "ann")
        let secret = try #require(table.deck.table?.round?.seed)
        let added = try table.run(.table(.addEntropy("bob's coin: heads")), as: "bob")
        #expect(added.response.status == .ok)
        #expect(try table.run(.table(.addEntropy("again")), as: "bob").response.status == .conflict)
        #expect(try table.run(.table(.addEntropy("anon")), as: nil).response.status == .unauthorized)
        try table.run(.table(.addEntropy("cat 7")), as: "cat")
        let entropy = ["bob's coin: heads", "cat 7"]
        let cards = table.deck.composition.allCards
        let mixed = try SeededShuffle(seed: SeedMixing.mixed(seed: secret, entropy: entropy))
        #expect(table.deck.stack == mixed.shuffled(cards), "the stack is in the mixed seed's order")
        let round = try Self.roundObject(added.response.json)
        #expect((round["entropy"] as? [[String: String]])?.first?["player"] == "bob")

        try table.run(.table(.dealToEveryone(count: 4)), as: "ann")
        #expect(
            try table.run(.table(.addEntropy("late")), as: "ann").response.status == .conflict,
            "no entropy once a card has left the stack")
        try table.run(shuffle, as: "ann")
        let history = try #require(TableRoundHistory(round: 1, in: table.steps, changeNumber: table.deck.changeNumber))
        #expect(history.entropy.map(\.text) == entropy)
        #expect(history.json().contains("\"entropy\":[{\"player\":\"bob\""))
        let steps = history.reveal?.steps ?? []
        let verified = RoundAudit(
            commitment: history.commitment, seed: secret, cards: cards, round: 1, steps: steps, entropy: entropy)
        #expect(verified.isVerified && verified.checks.count == 12)
        let withoutEntropy = RoundAudit(
            commitment: history.commitment, seed: secret, cards: cards, round: 1, steps: steps)
        #expect(!withoutEntropy.isVerified, "the order is the mixed seed's, not the server's seed's")
    }

    @Test func aDeckWithoutPlayersAnswersAsThePublicAPIDoes() throws {
        var table = try PlayedTable()
        let answer = try table.run(
            .reshuffle(onlyRemaining: false, jokersEnabled: nil, partialContents: nil, seed: nil), as: nil)
        #expect(!answer.response.json.contains("round"))
        #expect(table.deck.table?.round == nil)
    }
}

extension TableRoundsTests {
    /// Every viewer's frame of one event: a spectator's and each seated player's.
    static func frames(of step: TableEventReplay.Step) -> [String] {
        let renderer = TableEventRenderer(cardJSON: cardJSON)
        return ([nil] + step.snapshot.players).map { renderer.event(step, deckID: deckID, viewer: $0) }
    }
}
