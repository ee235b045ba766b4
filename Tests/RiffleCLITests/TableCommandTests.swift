import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@testable import RiffleCLI

@Suite("riffle table and riffle watch against the test server")
struct TableCommandTests {
    @Test("join prints a token and how to use it; deal hides another's cards; hand shows your own with the token")
    func joinDealHand() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(["--shuffle"] + s)

            let join = try await runCommand(TableCommand.self, ["join", id, "ana"] + s)
            #expect(join.status == 0)
            #expect(tableValue("player", in: join.standardOutput) == "ana")
            let token = try #require(tableValue("token", in: join.standardOutput))
            #expect(join.standardOutput.contains("export RIFFLE_TOKEN=\(token) RIFFLE_PLAYER=ana"))
            let bo = try await runCommand(TableCommand.self, ["join", id, "bo"] + s)
            let boToken = try #require(tableValue("token", in: bo.standardOutput))

            let taken = try await runCommand(TableCommand.self, ["join", id, "ana"] + s)
            #expect(taken.status == 1)
            #expect(taken.standardError.contains("(HTTP 409)"))

            let deal = try await runCommand(
                TableCommand.self, ["deal", id, "bo", "--count", "5", "--token", token] + s)
            #expect(deal.status == 0)
            #expect(tableValue("dealt", in: deal.standardOutput) == "5 face down")
            #expect(tableValue("remaining", in: deal.standardOutput) == "47")
            #expect(deal.standardOutput.contains("bo    5      (private)"))

            let boHand = try await runCommand(
                TableCommand.self, ["hand", id] + s, environment: ["RIFFLE_TOKEN": boToken, "RIFFLE_PLAYER": "bo"])
            #expect(boHand.status == 0)
            let row = try #require(boHand.standardOutput.split(separator: "\n").first { $0.hasPrefix("bo ") })
            #expect(row.split(separator: " ").count == 2 + 5, "Bo sees his five cards: \(row)")

            // Bo plays a card from his hand with `riffle pile add --token`; without the token it would stay put.
            let raw = try await runCommand(
                TableCommand.self, ["hand", id, "--json"] + s,
                environment: ["RIFFLE_TOKEN": boToken, "RIFFLE_PLAYER": "bo"])
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(raw.standardOutput.utf8)) as? [String: Any])
            let piles = try #require(body["piles"] as? [String: [String: Any]])
            let cards = try #require(piles["bo"]?["cards"] as? [[String: Any]])
            let cardCode = try #require(cards.first?["code"] as? String)
            let play = try await runCommand(
                PileCommand.self, ["add", id, "centre", "--cards", cardCode, "--token", boToken] + s)
            #expect(play.status == 0)
            #expect(play.standardOutput.contains("centre  1"))

            let peek = try await runCommand(TableCommand.self, ["hand", id, "bo", "--token", token] + s)
            #expect(peek.standardOutput.contains("bo      4      (private)"), "Ana's token does not show Bo's hand")
            let noName = try await runCommand(TableCommand.self, ["hand", id] + s)
            #expect(noName.status == 1)
            #expect(noName.standardError.contains("RIFFLE_PLAYER"))
        }
    }

    @Test("watch prints one readable line per event, in order, hiding others' cards")
    func watch() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(["--shuffle"] + s)
            let join = try await runCommand(TableCommand.self, ["join", id, "ana"] + s)
            let token = try #require(tableValue("token", in: join.standardOutput))
            _ = try await runCommand(TableCommand.self, ["join", id, "bo"] + s)
            _ = try await runCommand(TableCommand.self, ["deal", id, "bo", "--count", "3", "--token", token] + s)
            _ = try await runCommand(TableCommand.self, ["deal", id, "centre", "--count", "1", "--token", token] + s)

            // From the start of the deck: the two joins and the two deals, then stop.
            let watch = try await runCommand(WatchCommand.self, [id, "--token", token, "--count", "1"] + s)
            #expect(watch.status == 0)
            let lines = watch.standardOutput.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines[0].contains("hello"))
            #expect(lines[0].contains("stack 48 · ana 0 (private) · bo 3 (private) · centre 1"))

            // From the deck's first change: the two joins and the two deals, in order; Bo's cards hidden from Ana.
            let history = try await runCommand(
                WatchCommand.self, [id, "--since", "0", "--count", "4"] + s, environment: ["RIFFLE_TOKEN": token])
            let kinds = history.standardOutput.split(separator: "\n").map { $0.split(separator: " ")[1] }
            #expect(kinds == ["join", "join", "deal", "deal"])
            #expect(history.standardOutput.hasPrefix("#1   join          ana joined · stack 52 · ana 0 (private)\n"))
            #expect(history.standardOutput.contains("#3   deal          ana: 3 cards from deck to bo, face down · "))
            let centreLine = try #require(history.standardOutput.split(separator: "\n").last)
            #expect(centreLine.contains(" from deck to centre · stack 48 · "), "a public deal shows its card")
            #expect(!centreLine.contains("face down"))

            let unknown = try await runCommand(WatchCommand.self, ["nosuchdeck00", "--count", "1"] + s)
            #expect(unknown.status == 1)
            #expect(unknown.standardError.contains("(HTTP 404)"))
        }
    }

    @Test("event lines: moves with visible cards, face-down counts, joins")
    func lines() {
        let deal = DeckEvent(
            id: 12, kind: .deal, deckID: "d", remaining: 42,
            piles: [PileSummary(name: "bo", remaining: 5, isPrivate: true)],
            moved: [DeckEvent.Move(from: "stack", to: "bo", count: 5)], player: "ana")
        #expect(
            EventLineFormatter.line(deal)
                == "#12  deal          ana: 5 cards from stack to bo, face down · stack 42 · bo 5 (private)")
        let play = DeckEvent(
            id: 13, kind: .pileAdd, deckID: "d", remaining: 42, piles: [PileSummary(name: "centre", remaining: 1)],
            moved: [DeckEvent.Move(from: "bo", to: "centre", count: 1, cards: [.standard(.seven, .hearts)])],
            player: "bo")
        #expect(EventLineFormatter.line(play) == "#13  pile_add      bo: 7♥ from bo to centre · stack 42 · centre 1")
        let join = DeckEvent(id: 2, kind: .join, deckID: "d", remaining: 52, piles: [], player: "cy")
        #expect(EventLineFormatter.line(join) == "#2   join          cy joined · stack 52")
    }
}

@Suite("riffle deck on a seated deck")
struct SeatedDeckCommandTests {
    @Test("a seated deck changes only with a player's token; only the host reshuffles it all")
    func seatedDeckNeedsAToken() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(["--shuffle"] + s)
            let ana = try await joinedToken(id, "ana", s)
            let bo = try await joinedToken(id, "bo", s)

            let anonymous = try await runCommand(DeckCommand.self, ["draw", id, "--count", "2"] + s)
            #expect(anonymous.status == 1)
            #expect(anonymous.standardError.contains("(HTTP 401)"))
            let drawn = try await runCommand(DeckCommand.self, ["draw", id, "--count", "2", "--token", bo] + s)
            #expect(drawn.status == 0)
            #expect(tableValue("remaining", in: drawn.standardOutput) == "50")

            let notHost = try await runCommand(DeckCommand.self, ["shuffle", id, "--token", bo] + s)
            #expect(notHost.status == 1)
            #expect(notHost.standardError.contains("(HTTP 403)"))
            let remaining = try await runCommand(DeckCommand.self, ["shuffle", id, "--remaining", "--token", bo] + s)
            #expect(remaining.status == 0)
            let round = try await runCommand(DeckCommand.self, ["shuffle", id] + s, environment: ["RIFFLE_TOKEN": ana])
            #expect(round.status == 0)
            #expect(tableValue("remaining", in: round.standardOutput) == "52")
        }
    }
}

@Suite("riffle table leave and remove")
struct TableSeatCommandTests {
    @Test("the host removes a player, a player leaves; others may not remove anyone")
    func removeAndLeave() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(s)
            var tokens: [String: String] = [:]
            for name in ["ana", "bo", "cy"] {
                tokens[name] = try await joinedToken(id, name, s)
            }
            let ana = try #require(tokens["ana"])
            _ = try await runCommand(TableCommand.self, ["deal", id, "bo", "--count", "3", "--token", ana] + s)

            let notHost = try await runCommand(TableCommand.self, ["remove", id, "bo", "--token", tokens["cy"]!] + s)
            #expect(notHost.status == 1)
            #expect(notHost.standardError.contains("(HTTP 403)"))
            let removed = try await runCommand(TableCommand.self, ["remove", id, "bo", "--token", ana] + s)
            #expect(removed.status == 0)
            #expect(tableValue("removed", in: removed.standardOutput) == "bo")
            #expect(tableValue("remaining", in: removed.standardOutput) == "52")

            let left = try await runCommand(
                TableCommand.self, ["leave", id] + s,
                environment: ["RIFFLE_TOKEN": tokens["cy"]!, "RIFFLE_PLAYER": "cy"])
            #expect(left.status == 0)
            #expect(tableValue("removed", in: left.standardOutput) == "cy")
            let json = try await runCommand(TableCommand.self, ["leave", id, "ana", "--token", ana, "--json"] + s)
            #expect(json.status == 0)
            #expect(json.standardOutput.contains(#""player":"ana""#))
            let again = try await runCommand(TableCommand.self, ["leave", id, "ana", "--token", ana] + s)
            #expect(again.status == 1)
            #expect(again.standardError.contains("(HTTP 404)") || again.standardError.contains("(HTTP 401)"))
            let unnamed = try await runCommand(TableCommand.self, ["leave", id] + s)
            #expect(unnamed.status == 1)
            #expect(unnamed.standardError.contains("RIFFLE_PLAYER"))
        }
    }
}
