import ArgumentParser
import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@testable import RiffleCLI

/// A transport whose server is a ``RoundFixture``'s scripted answers.
struct RoundFixtureTransport: HTTPTransport {
    let fixture: RoundFixture

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = fixture.answer(to: request.url, authorization: request.headers["Authorization"])
        return HTTPResponse(status: answer.status, body: Data(answer.body.utf8))
    }
}

@Suite("riffle verify against scripted rounds")
struct VerifyCommandTests {
    /// Parses `riffle verify …` and runs it against `fixture`, with the token the arguments name.
    func verify(_ fixture: RoundFixture, _ arguments: [String]) async throws -> CommandRun {
        let command = try #require(try RiffleCommand.parseAsRoot(["verify"] + arguments) as? VerifyCommand)
        let client = DeckOfCardsClient(
            configuration: DeckClientConfiguration(baseURL: URL(string: "http://cards.test:8080")!),
            transport: RoundFixtureTransport(fixture: fixture)
        ).withPlayer(command.player.playerToken(environment: [:]))
        let captured = CapturedText()
        let status = await command.run(client: client, output: captured.output)
        let (out, err) = captured.texts
        return CommandRun(status: status, standardOutput: out, standardError: err)
    }

    static func played(seed: UInt64 = 31) throws -> RoundFixture {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return try RoundFixture.play(seed: "0ddba11", number: 2, using: &generator)
    }

    @Test("an honest round: the round, the commitment, the seed, one line per card taken, your cards, the verdict")
    func honest() async throws {
        let fixture = try Self.played()
        let run = try await verify(
            fixture, [fixture.deckID, "--round", "2", "--token", RoundFixture.token(for: "ana")])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0] == "round       2 of \(fixture.deckID), as ana saw it")
        #expect(lines[1] == "commitment  \(fixture.commitment) (riffle-commit-v1)")
        #expect(lines[2] == "seed        0ddba11  ✓ the one committed to")
        #expect(lines.contains("cards taken from the stack: \(fixture.takenCards.count)"))
        #expect(lines.contains { $0.hasPrefix("entropy ") } == !fixture.entropy.isEmpty)
        let cardLines = lines.filter { $0.hasPrefix("  ") }
        #expect(cardLines.count == fixture.takenCards.count)
        let width = String(fixture.takenCards.count).count
        // Card codes are two characters (`0H` is the ten): the columns line up.
        #expect(
            cardLines[0] == "  " + String(repeating: " ", count: width - 1)
                + "1  top     \(fixture.takenCards[0].code)  ✓")
        #expect(cardLines.allSatisfy { $0.hasSuffix("✓") })
        #expect(lines.contains { $0.hasPrefix("your cards") && $0.hasSuffix("✓ among the cards taken, in order") })
        #expect(lines.last?.hasPrefix("verdict     Round 2 verified: the seed matches the commitment") == true)
    }

    @Test("a tampered round fails with status 1 and says which card and why")
    func tampered() async throws {
        var fixture = try Self.played()
        var generator = SeededRandomNumberGenerator(seed: 8)
        let (original, replacement) = fixture.swapTakenCard(using: &generator)
        let run = try await verify(fixture, [fixture.deckID, "--round", "2"])
        #expect(run.status == 1)
        let wrong = run.standardOutput.split(separator: "\n").filter { $0.contains("✗") }
        #expect(wrong.count == 1, "\(run.standardOutput)")
        #expect(wrong.first?.contains("\(replacement.code)  ✗ the seed's order has \(original.code) there") == true)
        #expect(run.standardOutput.contains("verdict     Round 2 is NOT verified."))
        #expect(!run.standardOutput.contains("your cards"), "a spectator has no cards of their own")

        var mismatched = try Self.played()
        let (_, shown) = mismatched.swapOwnCard(of: "bo", using: &generator)
        let asBo = try await verify(mismatched, [fixture.deckID, "--token", RoundFixture.token(for: "bo")])
        #expect(asBo.status == 1)
        #expect(asBo.standardOutput.contains("✗ \(shown.code) is not among the cards taken"))
        #expect(asBo.standardOutput.contains("\(shown.code), dealt into bo's hand, is not among"))
    }

    @Test("a round not revealed yet: status 1, only the commitment, and why")
    func notRevealed() async throws {
        var fixture = try Self.played()
        fixture.isRevealed = false
        let run = try await verify(fixture, [fixture.deckID, "--round", "2"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("seed        not revealed yet\n"))
        #expect(!run.standardOutput.contains("cards taken"))
        #expect(run.standardOutput.contains("verdict     Round 2 is still being played: only its commitment is known"))
        // Without --round, the round before the one being played: here none was kept.
        let previous = try await verify(fixture, [fixture.deckID])
        #expect(previous.status == 1 && previous.standardError.contains("no round 1"), "\(previous.standardError)")
    }

    @Test("--json prints the checks as one object; errors and bad options are reported")
    func jsonAndErrors() async throws {
        let fixture = try Self.played()
        let run = try await verify(fixture, [fixture.deckID, "--json", "--token", RoundFixture.token(for: "cy")])
        #expect(run.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(
            object["verified"] as? Bool == true && object["round"] as? Int == 2 && object["viewer"] as? String == "cy")
        #expect((object["checks"] as? [[String: Any]])?.count == fixture.takenCards.count)
        #expect(object["own_cards_hold"] as? Bool == true)

        let missing = try await verify(fixture, [fixture.deckID, "--round", "5"])
        #expect(missing.status == 1 && missing.standardError.hasPrefix("error: "))
        #expect(throws: (any Error).self) { try RiffleCommand.parseAsRoot(["verify", fixture.deckID, "--round", "0"]) }
    }
}
