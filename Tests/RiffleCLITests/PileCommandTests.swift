import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleCLI

@Suite("riffle pile against the test server")
struct PileCommandTests {
    @Test("add, list, shuffle, draw (top, bottom, named, random), return")
    func pileFlow() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(s)
            _ = try await runCommand(DeckCommand.self, ["draw", id, "--count", "5"] + s)

            let add = try await runCommand(PileCommand.self, ["add", id, "discard", "--cards", "AS,2S,3S,4S"] + s)
            #expect(add.status == 0)
            #expect(add.standardOutput.contains("PILE     COUNT  CARDS\ndiscard  4\n"))
            _ = try await runCommand(PileCommand.self, ["add", id, "hand", "--cards", "5S"] + s)

            let list = try await runCommand(PileCommand.self, ["list", id, "discard"] + s)
            #expect(list.standardOutput.contains("discard  4      A♠  2♠  3♠  4♠\nhand     1\n"))
            #expect(tableValue("remaining", in: list.standardOutput) == "47")

            let shuffle = try await runCommand(PileCommand.self, ["shuffle", id, "discard"] + s)
            #expect(shuffle.status == 0)

            let named = try await runCommand(PileCommand.self, ["draw", id, "discard", "--cards", "2S"] + s)
            #expect(tableValue("cards", in: named.standardOutput) == "2♠")
            let top = try await runCommand(PileCommand.self, ["draw", id, "hand"] + s)
            #expect(tableValue("cards", in: top.standardOutput) == "5♠")
            let random = try await runCommand(PileCommand.self, ["draw", id, "discard", "--random"] + s)
            #expect(tableValue("drawn", in: random.standardOutput) == "1")
            let bottom = try await runCommand(
                PileCommand.self, ["draw", id, "discard", "--bottom", "--count", "2"] + s)
            #expect(tableValue("drawn", in: bottom.standardOutput) == "2")

            let back = try await runCommand(DeckCommand.self, ["return", id] + s)
            #expect(back.status == 0)
            _ = try await runCommand(DeckCommand.self, ["draw", id, "--count", "2"] + s)
            let pileReturn = try await runCommand(PileCommand.self, ["add", id, "discard", "--cards", "6S"] + s)
            #expect(pileReturn.status == 0)
            let returned = try await runCommand(PileCommand.self, ["return", id, "discard"] + s)
            #expect(returned.status == 0)
            #expect(returned.standardOutput.contains("discard  0"))
        }
    }

    @Test("--json prints the raw pile answer")
    func json() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try #require(
                tableValue("deck", in: try await runCommand(DeckCommand.self, ["new"] + s).standardOutput))
            _ = try await runCommand(DeckCommand.self, ["draw", id] + s)
            let run = try await runCommand(PileCommand.self, ["add", id, "p", "--cards", "AS", "--json"] + s)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            let piles = try #require(object["piles"] as? [String: Any])
            #expect((piles["p"] as? [String: Any])?["remaining"] as? Int == 1)
        }
    }

    @Test("Pile errors exit 1 with the server's message")
    func errors() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try #require(
                tableValue("deck", in: try await runCommand(DeckCommand.self, ["new"] + s).standardOutput))
            let unknown = try await runCommand(PileCommand.self, ["list", id, "nope"] + s)
            #expect(unknown.status == 1)
            #expect(unknown.standardError == "error: The pile, nope does not exist. (HTTP 404)\n")
            _ = try await runCommand(DeckCommand.self, ["draw", id] + s)
            _ = try await runCommand(PileCommand.self, ["add", id, "p", "--cards", "AS"] + s)
            let tooMany = try await runCommand(PileCommand.self, ["draw", id, "p", "--count", "3"] + s)
            #expect(tooMany.status == 1)
            #expect(tooMany.standardError.contains("Not enough cards remaining to draw 3 additional"))
            let notThere = try await runCommand(PileCommand.self, ["draw", id, "p", "--cards", "KH"] + s)
            #expect(notThere.standardError.contains("does not contain the requested cards"))
        }
    }
}
