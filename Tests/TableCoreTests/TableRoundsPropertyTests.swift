import PlayingCards
import Testing

@testable import TableCore

/// Rounds under random play: random tables (a round open or not, some not revealing rounds) and random requests by
/// random callers, the host's new rounds and ends of rounds among them. For every change:
/// - no seed of a round that is not revealed shows in any answer, or in any viewer's frame of the change's event;
/// - a seed is revealed only once no card of its round is in a hand (or anywhere but the stack): the change that
///   ends a round and reveals it leaves every card in the stack;
/// - every revealed round verifies (``RoundAudit``) on the steps the core kept, and is rejected again with one card
///   of the deal swapped, with the seed altered, and with the commitment changed.
@Suite struct TableRoundsPropertyTests {
    static let sequenceCount: UInt64 = 500
    static let stepsPerSequence = 24

    struct Tally {
        var revealed = 0
        var withEntropy = 0
        var verified = 0
        var cardsChecked = 0
        var swapsCaught = 0
        var seedChangesCaught = 0
        var commitmentChangesCaught = 0
        var failures: [String] = []
    }

    @Test func seedsStaySecretUntilTheirRoundIsOverAndEveryRevealedRoundVerifies() throws {
        var tally = Tally()
        for seed in 0..<Self.sequenceCount where tally.failures.count < 3 {
            try Self.play(seed: seed, into: &tally)
        }
        for failure in tally.failures { Issue.record(Comment(rawValue: failure)) }
        print(
            "rounds: \(tally.revealed) revealed (\(tally.withEntropy) with players' entropy), \(tally.verified) verified (\(tally.cardsChecked) cards checked); "
                + "mutations caught: \(tally.swapsCaught) swapped cards, \(tally.seedChangesCaught) altered seeds, "
                + "\(tally.commitmentChangesCaught) changed commitments")
        #expect(tally.revealed > 200, "too few rounds were revealed to say anything")
        #expect(tally.verified == tally.revealed)
        #expect(tally.seedChangesCaught == tally.revealed && tally.commitmentChangesCaught == tally.revealed)
        #expect(tally.swapsCaught > 0)
    }

    static func play(seed: UInt64, into tally: inout Tally) throws {
        var generator = SeededRandomNumberGenerator(seed: seed ^ 0x5eed)
        var deck = try RandomTable.make(using: &generator)
        let core = DeckCore(cardJSON: TableRoundsTests.cardJSON)
        for step in 0..<stepsPerSequence {
            var request = RandomTable.request(on: deck, step: step, using: &generator)
            var caller = RandomTable.caller(on: deck, using: &generator)
            // A quarter of the time the host starts or ends a round, so that rounds come and go.
            if Int.random(in: 0..<4, using: &generator) == 0, let host = deck.table?.host {
                caller = .token(hash: host.tokenHash)
                request =
                    Int.random(in: 0..<3, using: &generator) == 0
                    ? .table(.endRound)
                    : .reshuffle(onlyRemaining: false, jokersEnabled: nil, partialContents: nil, seed: nil)
            }
            let before = deck
            let secret = deck.revealsLatestRound ? nil : deck.table?.round?.seed
            let outcome = core.answer(
                request, deckID: TableRoundsTests.deckID, deck: &deck, caller: caller, using: &generator)
            let place = "seed \(seed), step \(step), \(request)"
            let revealed = outcome.record?.round?.revealed
            if let secret, revealed?.seed != secret {
                var shown = [outcome.response.json]
                if let record = outcome.record, let snapshot = try? record.snapshot(after: TableSnapshot(before)) {
                    shown += TableRoundsTests.frames(
                        of: TableEventReplay.Step(number: outcome.changeNumber, record: record, snapshot: snapshot))
                }
                if shown.contains(where: { $0.contains(secret) }) {
                    tally.failures.append("\(place): a seed shows before its round is revealed")
                }
            }
            guard let revealed else { continue }
            let cardsOut = deck.drawn.count + deck.piles.reduce(0) { $0 + $1.cards.count }
            let newRound = deck.table?.round?.number != revealed.number
            // Ended by this change (not one already over, whose later cards came from a stack the seed did not order).
            let endedNow = before.table?.round?.isOver == false
            if !newRound && endedNow && cardsOut > 0 {
                tally.failures.append("\(place): round \(revealed.number) revealed with \(cardsOut) cards out")
            }
            if newRound, before.table?.round?.number != revealed.number {
                tally.failures.append("\(place): a new round revealed a round other than the one before it")
            }
            let cards = newRound ? before.composition.allCards : deck.composition.allCards
            let entropy =
                (newRound ? before : deck).table?.round.map { round in
                    round.number == revealed.number ? round.entropy.map(\.text) : []
                } ?? []
            if !entropy.isEmpty { tally.withEntropy += 1 }
            check(revealed, cards: cards, entropy: entropy, at: place, into: &tally, using: &generator)
        }
    }

    static func check(
        _ revealed: TableRoundNote.Reveal, cards: [Card], entropy: [String], at place: String, into tally: inout Tally,
        using generator: inout SeededRandomNumberGenerator
    ) {
        tally.revealed += 1
        func audit(
            seed: String = revealed.seed, commitment: ShuffleCommitment = revealed.commitment,
            steps: [RoundAudit.Step] = revealed.steps
        ) -> RoundAudit {
            RoundAudit(
                commitment: commitment, seed: seed, cards: cards, round: revealed.number, steps: steps, entropy: entropy
            )
        }
        let honest = audit()
        guard honest.isVerified else {
            tally.failures.append(
                "\(place): round \(revealed.number) does not verify: \(honest.checks.filter { !$0.holds })")
            return
        }
        tally.verified += 1
        tally.cardsChecked += honest.checks.count
        if !audit(seed: revealed.seed + "x").isVerified { tally.seedChangesCaught += 1 }
        let other = ShuffleCommitment(seed: revealed.seed, cards: cards, round: revealed.number + 1)
        if !audit(commitment: other).isVerified { tally.commitmentChangesCaught += 1 }
        // One card taken from the stack swapped for another card of the deck that is not the same card.
        var steps = revealed.steps
        let takes = steps.indices.filter {
            switch steps[$0] {
            case .fromTop(let taken), .fromBottom(let taken): !taken.isEmpty
            default: false
            }
        }
        guard let index = takes.randomElement(using: &generator) else { return }
        switch steps[index] {
        case .fromTop(var taken):
            let position = Int.random(in: 0..<taken.count, using: &generator)
            guard let other = Set(cards).subtracting([taken[position]]).randomElement(using: &generator) else { return }
            taken[position] = other
            steps[index] = .fromTop(taken)
        case .fromBottom(var taken):
            let position = Int.random(in: 0..<taken.count, using: &generator)
            guard let other = Set(cards).subtracting([taken[position]]).randomElement(using: &generator) else { return }
            taken[position] = other
            steps[index] = .fromBottom(taken)
        default:
            return
        }
        if !audit(steps: steps).isVerified {
            tally.swapsCaught += 1
        } else {
            tally.failures.append("\(place): a swapped card went unnoticed")
        }
    }
}
