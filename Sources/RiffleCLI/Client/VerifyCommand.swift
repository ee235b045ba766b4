import ArgumentParser
import DeckClient
import Foundation
import PlayingCards

/// `riffle verify ID [--round N] [--token T]`: check a live table's round once its seed is revealed.
///
/// ```
/// riffle verify k3v9q2x8m1ab --token $RIFFLE_TOKEN
/// round       1 of k3v9q2x8m1ab, as ana saw it
/// commitment  3e32790b3f70052031c7b9759877f254aff1ae0344afd5d223955ae46440fc40 (riffle-commit-v1)
/// seed        9f0c…  ✓ the one committed to
/// cards taken from the stack:
///   1  top     QH  ✓
///   2  top     3D  ✓
/// your cards  QH  ✓ among them, in order
/// verified: Round 1 verified: the seed matches the commitment, and all 2 cards taken from the stack …
/// ```
///
/// It exits with status 1 when the round is not verified, and when its seed is not revealed yet (only the
/// commitment is known then).
public struct VerifyCommand: PlayerSubcommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Check a table's round once its seed is revealed: the commitment, and every card taken from the stack.",
        discussion: """
            Without --round, the latest round, or the one before it while the latest is still being played. With a \
            token, also checks that the cards dealt into your hand are among the cards taken. Exits with status 1 \
            when the round is not verified or its seed is not revealed yet.
            """)

    /// `--server` and `--json`.
    @OptionGroup public var options: ClientOptions
    /// `--token`.
    @OptionGroup public var player: PlayerOptions
    /// The deck id.
    @Argument(help: "The deck id.") public var deckID: String
    /// The round to check.
    @Option(name: .long, help: "The round's number (default: the latest round whose seed is revealed).")
    public var round: Int?

    /// Creates the command (used by the argument parser).
    public init() {}

    /// Checks the round number before any request.
    public func validate() throws {
        if let round, round < 1 { throw ValidationError("--round must be 1 or more.") }
    }

    /// Verifies the round as the player (or a spectator) and prints the checks and a verdict.
    public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
        do {
            let client = DeckOfCardsClient(
                configuration: DeckClientConfiguration(baseURL: try options.serverURL(environment: environment))
            ).withPlayer(player.playerToken(environment: environment))
            return await run(client: client, output: output)
        } catch {
            return reportFailure(error, output: output)
        }
    }

    /// The command over a given client (tests pass one with a scripted transport).
    func run(client: DeckOfCardsClient, output: CommandOutput) async -> Int32 {
        do {
            let verification = try await client.verify(deckID: deckID, round: round)
            output.standardOutput(
                options.json
                    ? RoundVerificationFormatter.json(verification) : RoundVerificationFormatter.text(verification))
            return verification.isVerified ? 0 : 1
        } catch {
            return reportFailure(error, output: output)
        }
    }
}
