import ArgumentParser
import DeckService
import Testing

@testable import RiffleCLI

@Suite("riffle serve's stream limits")
struct ServeOptionsTests {
    @Test("By default a client may hold 32 streams, and streams together half of the connections")
    func defaults() throws {
        let limits = try ServeCommand.parseAsRoot([]) as? ServeCommand
        #expect(limits?.limits.maximumStreamsPerClient == 32)
        #expect(limits?.limits.maximumStreams == nil)
        #expect(limits?.limits.streamCapacity == 2048)
        let fewer = try ServeCommand.parseAsRoot(["--max-connections", "101"]) as? ServeCommand
        #expect(fewer?.limits.streamCapacity == 50)
        let help = ServeCommand.helpMessage(columns: 200)
        #expect(help.contains("--max-streams-per-client <max-streams-per-client>"))
        #expect(help.contains("--max-streams <max-streams>"))
    }

    @Test("--max-streams and --max-streams-per-client reach the server's limits")
    func options() throws {
        let command = try ServeCommand.parseAsRoot([
            "--max-streams-per-client", "4", "--max-streams", "10", "--max-connections", "100",
        ])
        let limits = try #require(command as? ServeCommand).limits
        #expect(limits.maximumStreamsPerClient == 4)
        #expect(limits.maximumStreams == 10)
        #expect(limits.streamCapacity == 10)
    }

    @Test("Streams may not take more than half of the connections; a client needs at least one")
    func refusals() throws {
        let tooMany = #expect(throws: (any Error).self) {
            try ServeCommand.parseAsRoot(["--max-streams", "51", "--max-connections", "100"])
        }
        #expect(ServeCommand.message(for: try #require(tooMany)).contains("--max-streams must be 0…50"))
        #expect(throws: (any Error).self) { try ServeCommand.parseAsRoot(["--max-streams", "-1"]) }
        let none = #expect(throws: (any Error).self) {
            try ServeCommand.parseAsRoot(["--max-streams-per-client", "0"])
        }
        #expect(ServeCommand.message(for: try #require(none)).contains("at least 1"))
        #expect(try ServeCommand.parseAsRoot(["--max-streams", "0"]) is ServeCommand)
    }
}
