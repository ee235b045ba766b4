import ArgumentParser
import DeckClient
import PlayingCards

/// `--token`: the player a `riffle table` or `riffle watch` command acts as.
public struct PlayerOptions: ParsableArguments, Sendable {
    /// The environment variable holding the default token.
    public static let tokenEnvironmentVariable = "RIFFLE_TOKEN"
    /// The environment variable holding the default player name.
    public static let playerEnvironmentVariable = "RIFFLE_PLAYER"

    /// The player's token from `riffle table join`; when absent, `RIFFLE_TOKEN`.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The player token `riffle table join` printed (default: $RIFFLE_TOKEN).", valueName: "token"))
    public var token: String?

    /// Creates the options with their defaults.
    public init() {}

    /// The token these options name, if any.
    ///
    /// - Parameter environment: the process environment, for `RIFFLE_TOKEN`.
    /// - Returns: the token, or `nil` when neither `--token` nor `RIFFLE_TOKEN` gives one.
    public func playerToken(environment: [String: String]) -> PlayerToken? {
        let text = token ?? environment[Self.tokenEnvironmentVariable]
        guard let text, !text.isEmpty else { return nil }
        return PlayerToken(text)
    }

    /// The player a command names: its argument, else `RIFFLE_PLAYER`.
    ///
    /// - Parameters:
    ///   - name: the name given on the command line, if any.
    ///   - environment: the process environment, for `RIFFLE_PLAYER`.
    /// - Returns: the name, or `nil` when neither gives a valid player name.
    public static func player(_ name: String?, environment: [String: String]) -> String? {
        let chosen = name ?? environment[playerEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let chosen, PileName.isValid(chosen) else { return nil }
        return chosen
    }
}
