import PlayingCards
import Testing

/// The audit accepts every honestly played round and catches every tampered one: random seeds, compositions and
/// rounds (draws from the top and the bottom, returns under the stack) on a real `DeckState`, each then tampered
/// with in one way (a card of the deal swapped, the seed altered, the commitment changed).
@Suite struct RoundAuditTests {
    /// One honestly played round: what the audit is given, made by playing it on a deck.
    struct PlayedRound {
        let cards: [Card]
        let seed: String
        let round: Int
        let commitment: ShuffleCommitment
        let steps: [RoundAudit.Step]
    }

    static func playRound(using generator: inout SeededRandomNumberGenerator) throws -> PlayedRound {
        let composition = try DeckComposition(
            deckCount: Int.random(in: 1...3, using: &generator), jokersEnabled: Bool.random(using: &generator))
        let cards = composition.allCards
        let seed = String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16)
        let round = Int.random(in: 1...500, using: &generator)
        // The server's side: the stack in the seed's order, then the round's draws and returns.
        var deck = DeckState(
            composition: composition, stack: try SeededShuffle(seed: seed).shuffled(cards), piles: [], drawn: [],
            shuffled: true)
        var steps: [RoundAudit.Step] = []
        for _ in 0..<Int.random(in: 1...12, using: &generator) where deck.remaining > 0 {
            let count = Int.random(in: 1...min(5, deck.remaining), using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                let taken = try deck.draw(count: count, from: .bottom).cards
                steps.append(.fromBottom(taken))
            case 1 where !deck.drawn.isEmpty:
                steps.append(.returnedToBottom(deck.returnCards(Array(deck.drawn.prefix(count)))))
            default:
                let taken = try deck.draw(count: count, from: .top).cards
                steps.append(.fromTop(taken))
            }
        }
        return PlayedRound(
            cards: cards, seed: seed, round: round,
            commitment: ShuffleCommitment(seed: seed, cards: cards, round: round),
            steps: steps)
    }

    @Test func honestRoundsAreVerifiedAndEveryTamperedOneIsCaught() throws {
        var generator = SeededRandomNumberGenerator(seed: 43)
        var honest = 0
        var swappedCards = 0
        var alteredSeeds = 0
        var changedCommitments = 0
        for _ in 0..<300 {
            let played = try Self.playRound(using: &generator)
            let audit = RoundAudit(
                commitment: played.commitment, seed: played.seed, cards: played.cards, round: played.round,
                steps: played.steps)
            #expect(audit.isVerified, "an honest round: seed \(played.seed)")
            #expect(audit.checkedEverything)
            honest += audit.isVerified ? 1 : 0

            // One card of the deal swapped for another card of the deck.
            if let tampered = Self.swappingOneCard(of: played.steps, from: played.cards, using: &generator) {
                let swapped = RoundAudit(
                    commitment: played.commitment, seed: played.seed, cards: played.cards, round: played.round,
                    steps: tampered)
                #expect(!swapped.isVerified, "a swapped card: seed \(played.seed)")
                swappedCards += swapped.isVerified ? 0 : 1
            }
            // The seed altered: it no longer matches the commitment.
            let otherSeed = RoundAudit(
                commitment: played.commitment, seed: played.seed + "0", cards: played.cards, round: played.round,
                steps: played.steps)
            #expect(!otherSeed.isVerified && !otherSeed.commitmentHolds)
            alteredSeeds += otherSeed.isVerified ? 0 : 1
            // The commitment changed (another round's).
            let otherCommitment = RoundAudit(
                commitment: ShuffleCommitment(seed: played.seed, cards: played.cards, round: played.round + 1),
                seed: played.seed, cards: played.cards, round: played.round, steps: played.steps)
            #expect(!otherCommitment.isVerified)
            changedCommitments += otherCommitment.isVerified ? 0 : 1
        }
        #expect(honest == 300)
        #expect(swappedCards == 300)
        #expect(alteredSeeds == 300)
        #expect(changedCommitments == 300)
    }

    @Test func aReshuffledStackEndsWhatCanBeChecked() throws {
        let cards = try DeckComposition().allCards
        let order = try SeededShuffle(seed: "s").shuffled(cards)
        let audit = RoundAudit(
            commitment: ShuffleCommitment(seed: "s", cards: cards, round: 1), seed: "s", cards: cards, round: 1,
            steps: [.fromTop([order[0]]), .stackReshuffled, .fromTop([order[0]])])
        #expect(audit.isVerified)
        #expect(!audit.checkedEverything)
        #expect(audit.checks.count == 1)
    }

    @Test func anInvalidSeedChecksNothing() throws {
        let cards = try DeckComposition().allCards
        let audit = RoundAudit(
            commitment: ShuffleCommitment(seed: "", cards: cards, round: 1), seed: "", cards: cards, round: 1,
            steps: [.fromTop([cards[0]])])
        #expect(!audit.seedIsValid)
        #expect(!audit.isVerified)
    }

    /// The steps with one card taken replaced by a different card of the deck, or `nil` when no card was taken.
    static func swappingOneCard(
        of steps: [RoundAudit.Step], from cards: [Card], using generator: inout SeededRandomNumberGenerator
    ) -> [RoundAudit.Step]? {
        let taking = steps.indices.filter {
            switch steps[$0] {
            case .fromTop(let taken), .fromBottom(let taken): !taken.isEmpty
            default: false
            }
        }
        guard let stepIndex = taking.randomElement(using: &generator) else { return nil }
        var tampered = steps
        func swapped(_ taken: [Card]) -> [Card] {
            var taken = taken
            let index = Int.random(in: 0..<taken.count, using: &generator)
            let others = Set(cards).subtracting([taken[index]])
            taken[index] = others.sorted { $0.code < $1.code }.randomElement(using: &generator) ?? taken[index]
            return taken
        }
        switch steps[stepIndex] {
        case .fromTop(let taken): tampered[stepIndex] = .fromTop(swapped(taken))
        case .fromBottom(let taken): tampered[stepIndex] = .fromBottom(swapped(taken))
        default: return nil
        }
        return tampered
    }
}
