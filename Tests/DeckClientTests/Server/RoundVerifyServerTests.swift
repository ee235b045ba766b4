import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Verifying a round against riffle serve")
struct RoundVerifyServerTests {
    @Test("three players, the host's shuffle starts round 1, a deal, the next shuffle reveals it: verified for all")
    func roundOneVerified() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck(shuffled: true).deckID
            let ana = client.withPlayer(try await client.join(deckID: id, player: "ana").token)
            let bo = client.withPlayer(try await client.join(deckID: id, player: "bo").token)
            let cy = client.withPlayer(try await client.join(deckID: id, player: "cy").token)

            let first = try await ana.shuffle(deckID: id)
            let round = try #require(first.round, "the host's full shuffle of a seated deck starts round 1")
            #expect(round.number == 1 && !round.isOver && !round.isRevealed && round.seed == nil)
            #expect(try await client.deckInfo(deckID: id).round?.commitment == round.commitment)

            // Bo mixes entropy of his own into the order before the first card leaves the stack (riffle-mix-v1).
            let dice = "bo's dice: 4 1 6"
            let addEntropy = DeckRequest(
                pathSegments: ["deck", id, "round", "entropy"],
                parameters: [URLQueryItem(name: "entropy", value: dice)],
                changesState: true)
            #expect(try await bo.send(addEntropy).status == 200)

            _ = try await ana.dealToEveryone(deckID: id, count: 3)
            let bosDeal = try #require(try await bo.deal(deckID: id, pile: "bo", count: 2).cards).map(\.card)
            _ = try await cy.draw(deckID: id, count: 1, from: .bottom)

            // Before the reveal: only the commitment.
            let early = try await bo.verify(deckID: id, round: 1)
            #expect(!early.isRevealed && !early.isVerified)
            #expect(early.round.commitment == round.commitment)
            #expect(early.summary.contains("only its commitment is known"))

            let second = try await ana.shuffle(deckID: id)
            #expect(second.round?.number == 2)

            let asBo = try await bo.verify(deckID: id, round: 1)
            #expect(asBo.isVerified, "\(asBo.failures)")
            #expect(asBo.isRevealed && asBo.commitmentHolds == true && asBo.checkedEverything)
            #expect(asBo.viewer == "bo")
            // Three to each of three players and two to Bo from the top, one from the bottom.
            let takenCount = 12
            #expect(asBo.checks.count == takenCount)
            #expect(asBo.ownCards.cards.count == 5 && asBo.ownCards.holds)
            #expect(Array(asBo.ownCards.cards.suffix(2)) == bosDeal)
            #expect(asBo.round.entropy == [RoundEntropy(player: "bo", text: dice)])
            let seed = try #require(asBo.round.seed)
            #expect(seed.count == 64)
            #expect(ShuffleCommitment(seed: seed, cards: asBo.startingCards, round: 1) == round.commitment)

            let asSpectator = try await client.verify(deckID: id, round: 1)
            #expect(asSpectator.isVerified, "\(asSpectator.failures)")
            #expect(asSpectator.viewer == nil && asSpectator.ownCards.cards.isEmpty)
            #expect(asSpectator.checks == asBo.checks)

            // Without a round: the latest, round 2, is being played, so round 1.
            let latest = try await cy.verify(deckID: id)
            #expect(latest.round.number == 1 && latest.isVerified)

            let never = await #expect(throws: DeckClientError.self) { try await cy.verify(deckID: id, round: 7) }
            #expect(never?.code == .roundNotFound)
        }
    }
}
