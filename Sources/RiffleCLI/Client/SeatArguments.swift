import ArgumentParser

/// `ID [NAME]`: the deck and the player a `riffle table hand` or `riffle table leave` acts for; the name defaults to
/// `RIFFLE_PLAYER`.
public struct SeatArguments: ParsableArguments, Sendable {
    /// The deck id.
    @Argument(help: "The deck id.") public var deckID: String
    /// The player's name, when given on the command line.
    @Argument(help: "Your player name (default: $RIFFLE_PLAYER).") public var name: String?

    /// Creates the arguments (used by the argument parser).
    public init() {}

    /// Checks the name when given.
    public func validate() throws {
        if let name { try TableCommand.validate(player: name) }
    }

    /// The player the subcommand acts for: the `name` argument, else `RIFFLE_PLAYER`; when neither gives one, says
    /// how to name one (`riffle table <subcommand> <deck> NAME`) on standard error and returns `nil`.
    ///
    /// - Parameters:
    ///   - subcommand: the `riffle table` subcommand's name, for the message.
    ///   - output: where the message goes.
    ///   - environment: the process environment, for `RIFFLE_PLAYER`.
    func chosenPlayer(for subcommand: String, output: CommandOutput, environment: [String: String]) -> String? {
        guard let chosen = PlayerOptions.player(name, environment: environment) else {
            output.standardError(
                "error: name the player (riffle table \(subcommand) \(deckID) NAME) or set RIFFLE_PLAYER.\n")
            return nil
        }
        return chosen
    }
}
