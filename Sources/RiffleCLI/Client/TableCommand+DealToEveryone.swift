import ArgumentParser
import DeckClient

extension TableCommand {
    /// `riffle table deal-everyone ID --count N --token T`: the host deals N cards to every player.
    public struct DealToEveryone: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "deal-everyone",
            abstract: "Deal cards face down to every player, one at a time in seat order (host only).")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: the host's.
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// How many cards each player gets.
        @Option(name: .long, help: "How many cards each player gets (1 to 54).") public var count = 1

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the count.
        public func validate() throws {
            guard (1...54).contains(count) else { throw ValidationError("--count must be from 1 to 54.") }
        }

        /// Deals and prints the table's people.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await performAsPlayer(
                .dealToEveryone(deckID: deckID, count: count), as: TablePeople.self, output: output,
                environment: environment, render: TableCommand.people)
        }
    }
}
