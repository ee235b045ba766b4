import ArgumentParser
import DeckClient
import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleCLI

@Suite("riffle table deal-everyone")
struct TableDealToEveryoneCommandTests {
    @Test("the host deals to every player in one change; another player may not")
    func hostDealsToEveryone() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(s)
            var tokens: [String: String] = [:]
            for name in ["ana", "bo", "cy"] { tokens[name] = try await joinedToken(id, name, s) }

            let notHost = try await runCommand(
                TableCommand.self, ["deal-everyone", id, "--count", "5", "--token", tokens["bo"]!] + s)
            #expect(notHost.status == 1)
            #expect(notHost.standardError.contains("(HTTP 403)"))
            let dealt = try await runCommand(
                TableCommand.self, ["deal-everyone", id, "--count", "5", "--token", tokens["ana"]!] + s)
            #expect(dealt.status == 0, "\(dealt.standardError)")
            #expect(dealt.standardOutput.contains("1. ana \"ana\""))
            let hand = try await runCommand(TableCommand.self, ["hand", id, "cy", "--token", tokens["cy"]!] + s)
            // Cy's five cards, dealt one at a time in seat order: the 3rd, 6th, 9th, 12th and 15th of a new deck.
            let row = try #require(hand.standardOutput.split(separator: "\n").first { $0.hasPrefix("cy ") })
            #expect(row.split(separator: " ").count == 2 + 5, "\(row)")
            #expect(row.hasSuffix("3♠  6♠  9♠  Q♠  2♦"), "\(row)")
            #expect(throws: (any Error).self) {
                try TableCommand.parseAsRoot(["deal-everyone", id, "--count", "0", "--token", tokens["ana"]!] + s)
            }
        }
    }
}
