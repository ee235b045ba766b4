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
            #expect(hand.standardOutput.contains("cy      5      (private)"), "\(hand.standardOutput)")
            let zero = try await runCommand(
                TableCommand.self, ["deal-everyone", id, "--count", "0", "--token", tokens["ana"]!] + s)
            #expect(zero.status != 0)
        }
    }
}
