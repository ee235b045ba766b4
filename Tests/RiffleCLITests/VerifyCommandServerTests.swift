import DeckClient
import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleCLI

@Suite("riffle verify against the test server")
struct VerifyCommandServerTests {
    @Test("a revealed round passes as a player and as a spectator; the round being played fails, saying why")
    func verify() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(["--shuffle"] + s)
            let host = try await joinedToken(id, "ana", s)
            let bo = try await joinedToken(id, "bo", s)
            _ = try await joinedToken(id, "cy", s)
            #expect(try await runCommand(DeckCommand.self, ["shuffle", id, "--token", host] + s).status == 0)
            #expect(
                try await runCommand(TableCommand.self, ["deal", id, "bo", "--count", "3", "--token", bo] + s).status
                    == 0)

            let early = try await runCommand(RiffleCommand.self, ["verify", id, "--token", bo] + s)
            #expect(early.status == 1)
            #expect(early.standardOutput.contains("seed        not revealed yet"), "\(early.standardOutput)")

            #expect(try await runCommand(DeckCommand.self, ["shuffle", id, "--token", host] + s).status == 0)
            let asBo = try await runCommand(RiffleCommand.self, ["verify", id, "--round", "1", "--token", bo] + s)
            #expect(asBo.status == 0, "\(asBo.standardOutput)\(asBo.standardError)")
            let cardLines = asBo.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
            #expect(cardLines.count == 3 && cardLines.allSatisfy { $0.contains("top") && $0.hasSuffix("✓") })
            #expect(asBo.standardOutput.contains("verdict     Round 1 verified"))

            // The round's own history: from the shuffle that started it, without the next round's shuffle.
            let history = try await runCommand(TableCommand.self, ["history", id, "--round", "1", "--token", bo] + s)
            let historyLines = history.standardOutput.split(separator: "\n")
            #expect(historyLines.first == "history of \(id), round 1, as bo saw it")
            #expect(historyLines.filter { $0.contains("shuffle") }.count == 1, "\(history.standardOutput)")

            let asSpectator = try await runCommand(RiffleCommand.self, ["verify", id] + s)
            #expect(asSpectator.status == 0, "\(asSpectator.standardOutput)\(asSpectator.standardError)")
            #expect(asSpectator.standardOutput.hasPrefix("round       1 of \(id), as a spectator saw it"))
        }
    }
}
