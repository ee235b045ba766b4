import DeckClient
import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleCLI

@Suite("riffle table history against the test server")
struct TableHistoryCommandTests {
    @Test("history prints every change as the player's stream showed it, a spectator's counts, and how to read on")
    func history() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(["--shuffle"] + s)
            let join = try await runCommand(TableCommand.self, ["join", id, "ana"] + s)
            let token = try #require(tableValue("token", in: join.standardOutput))
            _ = try await runCommand(TableCommand.self, ["join", id, "bo"] + s)
            let deal = try await runCommand(
                TableCommand.self, ["deal", id, "ana", "--count", "2", "--token", token] + s)
            #expect(deal.status == 0)
            let hand = try await runCommand(TableCommand.self, ["hand", id, "ana", "--json", "--token", token] + s)
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(hand.standardOutput.utf8)) as? [String: Any])
            let piles = try #require(body["piles"] as? [String: [String: Any]])
            let codes = try #require(piles["ana"]?["cards"] as? [[String: Any]]).compactMap { $0["code"] as? String }
            #expect(codes.count == 2)

            let asAna = try await runCommand(TableCommand.self, ["history", id, "--token", token] + s)
            #expect(asAna.status == 0)
            let lines = asAna.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.first == "history of \(id), as ana saw it")
            #expect(lines.filter { $0.hasPrefix("#") }.count == 3, "\(asAna.standardOutput)")
            let dealLine = try #require(lines.first { $0.hasPrefix("#3") })
            #expect(dealLine.contains("deal"))
            #expect(!dealLine.contains("face down"), "Ana sees the cards dealt to her: \(dealLine)")

            let asSpectator = try await runCommand(TableCommand.self, ["history", id] + s)
            #expect(asSpectator.standardOutput.hasPrefix("history of \(id), as a spectator saw it"))
            let hidden = try #require(asSpectator.standardOutput.split(separator: "\n").first { $0.hasPrefix("#3") })
            #expect(hidden.contains("2 cards from deck to ana, face down"), "\(hidden)")

            let paged = try await runCommand(TableCommand.self, ["history", id, "--limit", "2"] + s)
            #expect(paged.standardOutput.contains("more: riffle table history \(id) --after 2"))
            let json = try await runCommand(TableCommand.self, ["history", id, "--after", "2", "--json"] + s)
            let page = try #require(
                try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            #expect((page["events"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [3])

            // A bad limit fails before any request.
            await #expect(throws: (any Error).self) {
                try await runCommand(TableCommand.self, ["history", id, "--limit", "0"] + s)
            }
        }
    }
}
