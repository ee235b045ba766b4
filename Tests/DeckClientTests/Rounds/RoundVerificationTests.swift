import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

/// `verify(deckID:round:)` against scripted answers: rounds played honestly from a seed with PlayingCards, then
/// tampered with one way at a time.
@Suite("Verifying a round through the SDK")
struct RoundVerificationTests {
    @Test("an honest round is verified for every player and for a spectator, read page by page")
    func honestRound() async throws {
        var generator = SeededRandomNumberGenerator(seed: 2026)
        var fixture = try RoundFixture.play(seed: "c0ffee", number: 3, using: &generator)
        fixture.maximumPageSize = 2
        for viewer in fixture.players.map(Optional.some) + [nil] {
            let (client, log) = DeckOfCardsClient.serving(fixture, as: viewer)
            let verification = try await client.verify(deckID: fixture.deckID, round: 3)
            #expect(verification.isVerified, "\(viewer ?? "spectator"): \(verification.failures)")
            #expect(verification.isRevealed && verification.commitmentHolds == true && verification.checkedEverything)
            #expect(verification.viewer == viewer)
            #expect(verification.round.number == 3 && verification.round.seed == "c0ffee")
            #expect(verification.startingCards == fixture.cards)
            #expect(verification.checks.map(\.card) == fixture.takenCards)
            #expect(verification.checks.allSatisfy { $0.holds && $0.expected == $0.card })
            #expect(verification.failures.isEmpty)
            #expect(verification.summary.hasPrefix("Round 3 verified: the seed matches the commitment"))
            // A player's own cards are those the deal to everyone and the later deals gave them; a spectator has none.
            let own = fixture.events.flatMap(\.moves).filter { $0.from == "deck" && $0.to == viewer }.flatMap(\.cards)
            #expect(verification.ownCards.cards == own && verification.ownCards.holds)
            #expect(viewer == nil || !own.isEmpty)
            // Every page of the round, two events at a time, each asking for round 3 with the viewer's token.
            let requests = await log.requests
            #expect(requests.count == (fixture.events.count + 1) / 2)
            #expect(requests.allSatisfy { $0.url.query?.contains("round=3") == true })
            #expect(requests.allSatisfy { $0.headers["Authorization"] == viewer.map { "Bearer token-\($0)" } })
        }
    }

    @Test("before the reveal only the commitment is known, and the result says so plainly")
    func notRevealed() async throws {
        var generator = SeededRandomNumberGenerator(seed: 5)
        var fixture = try RoundFixture.play(seed: "beef", number: 1, using: &generator)
        fixture.isRevealed = false
        let verification = try await DeckOfCardsClient.serving(fixture, as: "bo").0.verify(deckID: fixture.deckID)
        #expect(!verification.isRevealed && !verification.isVerified)
        #expect(verification.commitmentHolds == nil && verification.checks.isEmpty && !verification.checkedEverything)
        #expect(!verification.ownCards.wasChecked && !verification.ownCards.cards.isEmpty)
        #expect(verification.round.commitment.digest == fixture.commitment)
        #expect(
            verification.summary
                == "Round 1 is still being played: only its commitment is known (\(fixture.commitment)); its seed is "
                + "revealed when it ends.")
        #expect(verification.failures == [verification.summary])
    }

    @Test("without a round: the latest the deck names, or the one before while the latest is being played")
    func latestRound() async throws {
        var generator = SeededRandomNumberGenerator(seed: 9)
        var fixture = try RoundFixture.play(seed: "feed", number: 6, using: &generator)
        let latest = try await DeckOfCardsClient.serving(fixture).0.verify(deckID: fixture.deckID)
        #expect(latest.round.number == 6 && latest.isVerified)

        fixture.newerRoundIsOpen = true
        let (client, log) = DeckOfCardsClient.serving(fixture, as: "cy")
        let previous = try await client.verify(deckID: fixture.deckID)
        #expect(previous.round.number == 6 && previous.isVerified)
        let first = try #require(await log.requests.first?.url.absoluteString)
        #expect(first.hasSuffix("/api/deck/\(fixture.deckID)/"), "deck info first")
        // Asked for by number, the open round is only its commitment.
        let open = try await client.verify(deckID: fixture.deckID, round: 7)
        #expect(open.round.number == 7 && !open.isRevealed && !open.isVerified)
    }

    @Test("a reshuffled stack ends what can be checked, and the viewer's later cards are still looked for")
    func reshuffled() async throws {
        var generator = SeededRandomNumberGenerator(seed: 11)
        var fixture = try RoundFixture.play(seed: "abba", number: 2, using: &generator)
        fixture.steps.insert(.stackReshuffled, at: 1)
        let verification = try await DeckOfCardsClient.serving(fixture, as: "ana").0.verify(deckID: fixture.deckID)
        #expect(verification.isVerified && !verification.checkedEverything)
        guard case .fromTop(let dealtToEveryone) = fixture.steps[0] else {
            Issue.record("a round starts with a deal to everyone")
            return
        }
        #expect(verification.checks.map(\.card) == dealtToEveryone)
        #expect(verification.ownCards.holds)
        #expect(verification.summary.contains("could not be checked"))
    }

    /// The property: over many seeds, an honest round is verified, and each way of tampering with it is caught.
    @Test("200 random rounds verified; each rejected with a card swapped, seed or commitment changed, an own card")
    func tamperedRoundsAreCaught() async throws {
        var generator = SeededRandomNumberGenerator(seed: 43)
        let rounds = 200
        var honest = 0
        var caught = (swappedCard: 0, alteredSeed: 0, otherCommitment: 0, ownCardMismatch: 0, entropyLeftOut: 0)
        var roundsWithEntropy = 0
        for _ in 0..<rounds {
            let seed = (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16) }
                .joined()
            let number = Int.random(in: 1...300, using: &generator)
            let fixture = try RoundFixture.play(seed: seed, number: number, using: &generator)
            let viewer = fixture.players.randomElement(using: &generator)!
            func verify(_ round: RoundFixture) async throws -> RoundVerification {
                try await DeckOfCardsClient.serving(round, as: viewer).0.verify(deckID: round.deckID, round: number)
            }
            let honestResult = try await verify(fixture)
            #expect(honestResult.isVerified, "seed \(seed): \(honestResult.failures)")
            honest += honestResult.isVerified ? 1 : 0

            var swapped = fixture
            let (original, replacement) = swapped.swapTakenCard(using: &generator)
            let swappedResult = try await verify(swapped)
            #expect(!swappedResult.isVerified, "seed \(seed): \(original.code) → \(replacement.code) passed")
            #expect(swappedResult.commitmentHolds == true && swappedResult.checks.contains { !$0.holds })
            caught.swappedCard += swappedResult.isVerified ? 0 : 1

            var altered = fixture
            altered.seed += "0"
            let alteredResult = try await verify(altered)
            #expect(!alteredResult.isVerified && alteredResult.commitmentHolds == false, "seed \(seed)")
            caught.alteredSeed += alteredResult.isVerified ? 0 : 1

            var recommitted = fixture
            recommitted.commitment = ShuffleCommitment(seed: seed, cards: fixture.cards, round: number + 1).digest
            let recommittedResult = try await verify(recommitted)
            #expect(!recommittedResult.isVerified && recommittedResult.commitmentHolds == false, "seed \(seed)")
            caught.otherCommitment += recommittedResult.isVerified ? 0 : 1

            var mismatched = fixture
            let (dealt, shown) = mismatched.swapOwnCard(of: viewer, using: &generator)
            let mismatchedResult = try await verify(mismatched)
            // The steps alone still check out: only the viewer's own cards can tell.
            #expect(mismatchedResult.audit?.isVerified == true)
            #expect(!mismatchedResult.isVerified && mismatchedResult.ownCards.firstUnmatched == shown, "\(dealt)")
            #expect(mismatchedResult.failures.contains { $0.contains("\(shown.code), dealt into \(viewer)'s hand") })
            caught.ownCardMismatch += mismatchedResult.isVerified ? 0 : 1

            // The players' entropy left out of the round object: the seed's own order is not the stack's.
            if !fixture.entropy.isEmpty {
                roundsWithEntropy += 1
                #expect(honestResult.round.entropy == fixture.entropy)
                var unmixed = fixture
                unmixed.entropy = []
                let unmixedResult = try await verify(unmixed)
                #expect(!unmixedResult.isVerified && unmixedResult.commitmentHolds == true, "seed \(seed)")
                caught.entropyLeftOut += unmixedResult.isVerified ? 0 : 1
            }
        }
        #expect(honest == rounds)
        #expect(caught.swappedCard == rounds)
        #expect(caught.alteredSeed == rounds)
        #expect(caught.otherCommitment == rounds)
        #expect(caught.ownCardMismatch == rounds)
        #expect(roundsWithEntropy > rounds / 4 && caught.entropyLeftOut == roundsWithEntropy)
    }
}
