import ArgumentParser
import DeckClient
import PlayingCards

extension TableCommand {
    /// `riffle table leave ID [NAME] --token T`: leave the table as your player.
    public struct Leave: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "leave",
            abstract: "Leave a table: your hand goes back into the stack face down and your token stops working.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`.
        @OptionGroup public var player: PlayerOptions
        /// The deck, and the player who leaves.
        @OptionGroup public var seat: SeatArguments

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Leaves and prints the piles left behind.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            guard let chosen = seat.chosenPlayer(for: "leave", output: output, environment: environment) else {
                return 1
            }
            return await TableCommand.removePlayer(
                chosen, deckID: seat.deckID, with: self, output: output, environment: environment)
        }
    }

    /// `riffle table remove ID NAME --token T`: the host removes a player.
    public struct Remove: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a player (host only): their hand goes back into the stack face down.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: the host's.
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The player to remove.
        @Argument(help: "The player to remove.") public var name: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the name.
        public func validate() throws { try TableCommand.validate(player: name) }

        /// Removes the player and prints the piles left.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await TableCommand.removePlayer(name, deckID: deckID, with: self, output: output, environment: environment)
        }
    }

    /// Sends `DELETE /api/deck/<id>/player/<name>/` as the command's player and prints who left and the piles.
    static func removePlayer(
        _ name: String, deckID: String, with command: some PlayerSubcommand, output: CommandOutput,
        environment: [String: String]
    ) async -> Int32 {
        await command.performAsPlayer(
            .removePlayer(deckID: deckID, player: name), as: LeaveResult.self, output: output,
            environment: environment
        ) { left in
            CardTableFormatter.table([
                ("deck", left.deckID), ("removed", left.player), ("remaining", String(left.remaining)),
            ]) + "\n" + CardTableFormatter.piles(left.piles)
        }
    }
}
