import DeckClient
import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleCLI

@Suite("riffle table seats, turn, face and join --display-name; riffle watch shows presence and turns")
struct TablePeopleCommandTests {
    @Test("display names, seats, turns and face-down piles from the terminal, names escaped in watch")
    func peopleFromTheTerminal() async throws {
        try await TestServer.run { server in
            let s = ["--server", server.baseURL]
            let id = try await newDeck(s)
            let join = try await runCommand(TableCommand.self, ["join", id, "ana", "--display-name", "Anaïs"] + s)
            #expect(join.status == 0)
            #expect(tableValue("shown as", in: join.standardOutput) == "Anaïs")
            let token = try #require(tableValue("token", in: join.standardOutput))
            _ = try await runCommand(TableCommand.self, ["join", id, "bo", "--display-name", "山田"] + s)

            let seats = try await runCommand(TableCommand.self, ["seats", id, "bo,ana", "--token", token] + s)
            #expect(seats.status == 0)
            #expect(seats.standardOutput.hasPrefix("1. bo \"山田\" offline\n2. ana \"Anaïs\" offline, host"))
            let turn = try await runCommand(
                TableCommand.self, ["turn", id, "--to", "bo", "--strict", "true", "--token", token] + s)
            #expect(turn.status == 0)
            #expect(turn.standardOutput.contains("1. bo \"山田\" offline, turn (strict)"))
            let refused = try await runCommand(TableCommand.self, ["deal", id, "ana", "--token", token] + s)
            #expect(refused.status == 1)
            #expect(refused.standardError.contains("It is 山田's turn."))
            await #expect(throws: (any Error).self) {
                try await runCommand(TableCommand.self, ["turn", id, "--token", token] + s)
            }
            _ = try await runCommand(TableCommand.self, ["turn", id, "--to", "none", "--token", token] + s)
            let face = try await runCommand(TableCommand.self, ["face", id, "stock", "down", "--token", token] + s)
            #expect(face.status == 0)

            let history = try await runCommand(
                WatchCommand.self, [id, "--since", "0", "--count", "6"] + s, environment: ["RIFFLE_TOKEN": token])
            let lines = history.standardOutput.split(separator: "\n").map(String.init)
            #expect(
                lines.map { $0.split(separator: " ")[1] } == ["join", "join", "seats", "turn", "turn", "pile_face"])
            #expect(lines[2].contains("seats: bo \"山田\", ana \"Anaïs\""))
            #expect(lines[3].contains("turn: bo \"山田\" (strict turns)"))
            #expect(lines[4].contains("turn: nobody (strict turns)"))
            #expect(lines[5].contains("ana: turned stock face down"))
        }
    }

    @Test("watch escapes control characters a server might send in a display name")
    func controlSequencesAreEscaped() throws {
        var event = DeckEvent(id: 3, kind: .presence, deckID: "abcdefabcdef", remaining: 52, piles: [], player: "ana")
        event.people = TablePeople(
            players: [.init(name: "ana", displayName: "A\u{1B}[2J\u{202E}x", online: true, seat: 0)], host: "ana",
            turn: nil, strictTurns: false)
        event.carriesPlayers = true
        event.online = true
        let line = EventLineFormatter.line(event)
        #expect(!line.contains("\u{1B}"))
        #expect(!line.contains("\u{202E}"))
        #expect(line.contains("ana \"A\\u{1B}[2J\\u{202E}x\" is online"))
    }
}
