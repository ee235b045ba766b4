import ArgumentParser
import DeckClient

/// A client subcommand that acts as a player of a live table (`--token`, else `RIFFLE_TOKEN`).
///
/// The `riffle pile`, `riffle deck` and `riffle table` subcommands that send one request as the player share
/// ``performAsPlayer(_:as:output:environment:render:)`` and ``printPiles(_:output:environment:)`` instead of each
/// passing the token and the pile table on.
protocol PlayerSubcommand: ClientSubcommand {
    /// The `--token` option.
    var player: PlayerOptions { get }
}

extension PlayerSubcommand {
    /// Sends one request as the player these options name, and prints its answer as
    /// ``ClientSubcommand/perform(_:as:output:environment:token:render:)`` does.
    func performAsPlayer<Answer: Decodable>(
        _ request: DeckRequest, as answer: Answer.Type, output: CommandOutput, environment: [String: String],
        render: (Answer) -> String
    ) async -> Int32 {
        await perform(
            request, as: answer, output: output, environment: environment,
            token: player.playerToken(environment: environment), render: render)
    }

    /// Sends one request that answers with the piles, as the player, and prints them (every pile's size and the
    /// named pile's cards).
    func printPiles(_ request: DeckRequest, output: CommandOutput, environment: [String: String]) async -> Int32 {
        await performAsPlayer(
            request, as: PileState.self, output: output, environment: environment,
            render: CardTableFormatter.pileState)
    }
}
