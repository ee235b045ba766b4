import ArgumentParser
import DeckClient
import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleCLI

@Suite("riffle deck against the test server", .stopsItsServers)
struct DeckCommandTests {
    @Test("new, info, draw (top, bottom), drawn, return, shuffle")
    func deckFlow() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let new = try await runCommand(DeckCommand.self, ["new"] + s)
            #expect(new.status == 0)
            #expect(new.standardError.isEmpty)
            let id = try #require(tableValue("deck", in: new.standardOutput))
            #expect(tableValue("remaining", in: new.standardOutput) == "52")
            #expect(tableValue("shuffled", in: new.standardOutput) == "no")

            let draw = try await runCommand(DeckCommand.self, ["draw", id, "--count", "2"] + s)
            #expect(draw.status == 0)
            #expect(tableValue("cards", in: draw.standardOutput) == "A♠  2♠")
            #expect(tableValue("drawn", in: draw.standardOutput) == "2")
            #expect(tableValue("remaining", in: draw.standardOutput) == "50")

            let bottom = try await runCommand(DeckCommand.self, ["draw", id, "--bottom"] + s)
            #expect(tableValue("cards", in: bottom.standardOutput) == "K♥")

            let drawn = try await runCommand(DeckCommand.self, ["drawn", id] + s)
            #expect(tableValue("count", in: drawn.standardOutput) == "3")

            let info = try await runCommand(DeckCommand.self, ["info", id] + s)
            #expect(tableValue("remaining", in: info.standardOutput) == "49")

            let returned = try await runCommand(DeckCommand.self, ["return", id, "--cards", "AS"] + s)
            #expect(returned.status == 0)
            #expect(tableValue("remaining", in: returned.standardOutput) == "50")

            let remainingOnly = try await runCommand(DeckCommand.self, ["shuffle", id, "--remaining"] + s)
            #expect(tableValue("remaining", in: remainingOnly.standardOutput) == "50")
            let shuffle = try await runCommand(DeckCommand.self, ["shuffle", id] + s)
            #expect(tableValue("remaining", in: shuffle.standardOutput) == "52")
            #expect(tableValue("shuffled", in: shuffle.standardOutput) == "yes")
        }
    }

    @Test("new with --shuffle --decks --jokers, and a partial deck; --random draws")
    func newOptions() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let shoe = try await runCommand(DeckCommand.self, ["new", "--shuffle", "--decks", "2", "--jokers"] + s)
            #expect(tableValue("remaining", in: shoe.standardOutput) == "108")
            #expect(tableValue("shuffled", in: shoe.standardOutput) == "yes")
            let partial = try await runCommand(DeckCommand.self, ["new", "--cards", "AS,kh,X2"] + s)
            let id = try #require(tableValue("deck", in: partial.standardOutput))
            #expect(tableValue("remaining", in: partial.standardOutput) == "3")
            let random = try await runCommand(DeckCommand.self, ["draw", id, "--random", "--count", "3"] + s)
            let cards = try #require(tableValue("cards", in: random.standardOutput))
            #expect(Set(cards.components(separatedBy: "  ")) == ["A♠", "K♥", "X2★"])
        }
    }

    @Test("--json prints the raw response body")
    func json() async throws {
        try await TestServer.run { server in
            let run = try await runCommand(
                DeckCommand.self, ["new", "--shuffle", "--json", "--server", server.baseURL])
            #expect(run.status == 0)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect(object["success"] as? Bool == true)
            #expect(object["remaining"] as? Int == 52)
            #expect(object["shuffled"] as? Bool == true)
            let id = try #require(object["deck_id"] as? String)
            let draw = try await runCommand(DeckCommand.self, ["draw", id, "--json", "--server", server.baseURL])
            let drawObject = try #require(
                try JSONSerialization.jsonObject(with: Data(draw.standardOutput.utf8)) as? [String: Any])
            #expect((drawObject["cards"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test("Errors go to stderr with the server's message and exit 1")
    func errors() async throws {
        try await TestServer.run { server in
            let missing = try await runCommand(DeckCommand.self, ["info", "zzzzzzzzzzzz", "--server", server.baseURL])
            #expect(missing.status == 1)
            #expect(missing.standardOutput.isEmpty)
            #expect(missing.standardError == "error: Deck ID does not exist. (HTTP 404)\n")

            let tooMany = try await runCommand(DeckCommand.self, ["new", "--decks", "21", "--server", server.baseURL])
            #expect(tooMany.status == 1)
            #expect(tooMany.standardError.contains("The max number of Decks is 20."))

            let json = try await runCommand(
                DeckCommand.self, ["info", "zzzzzzzzzzzz", "--json", "--server", server.baseURL])
            #expect(json.status == 1)
            #expect(json.standardOutput.contains(#""success""#))
            #expect(json.standardError.contains("Deck ID does not exist."))
        }
    }

    @Test("An over-draw prints the dealt cards, then the message on stderr, and exits 1")
    func overDraw() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(["--cards", "AS,KH"] + s)
            let run = try await runCommand(DeckCommand.self, ["draw", id, "--count", "5"] + s)
            #expect(run.status == 1)
            #expect(tableValue("drawn", in: run.standardOutput) == "2")
            #expect(tableValue("remaining", in: run.standardOutput) == "0")
            #expect(run.standardError == "error: Not enough cards remaining to draw 5 additional\n")
        }
    }

    @Test("The server comes from --server, else RIFFLE_SERVER, else the local default")
    func serverSelection() async throws {
        try await TestServer.run { server in
            let viaEnvironment = try await runCommand(
                DeckCommand.self, ["new"], environment: ["RIFFLE_SERVER": server.baseURL])
            #expect(viaEnvironment.status == 0)
            let options = try ClientOptions.parse([])
            #expect(try options.serverURL(environment: [:]) == DeckClientConfiguration.defaultBaseURL)
            #expect(
                try ClientOptions.parse(["--server", "http://x:1"]).serverURL(environment: [
                    "RIFFLE_SERVER": "http://y:2"
                ]) == URL(string: "http://x:1"))
            let bad = try await runCommand(DeckCommand.self, ["new", "--server", "not a url"])
            #expect(bad.status == 1)
            #expect(bad.standardError.contains("is not an http(s) server URL"))
        }
    }

    @Test("run() uses the client core and turns an error into a non-zero ExitCode")
    func runExitsNonZero() async throws {
        try await TestServer.run { server in
            var command = try DeckCommand.Info.parse(["zzzzzzzzzzzz", "--server", server.baseURL])
            let error = await #expect(throws: ExitCode.self) { try await command.run() }
            #expect(error?.rawValue == 1)
        }
    }

    @Test("An unreachable server is an error exit, not a crash")
    func unreachable() async throws {
        let server = try await TestServer.start()
        let url = server.baseURL
        await server.stop()
        let run = try await runCommand(DeckCommand.self, ["draw", "abc123def456", "--server", url])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("error: "))
        #expect(run.standardOutput.isEmpty)
    }
}
