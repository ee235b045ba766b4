import ArgumentParser
import DeckClient
import PlayingCards

/// `riffle deck`: create, inspect, draw from, reshuffle and return cards to decks on any Deck of
/// Cards server.
///
/// ```
/// riffle deck new --shuffle --decks 2          # deck  k3v9q2x8m1ab / remaining  104 / shuffled  yes
/// riffle deck draw k3v9q2x8m1ab --count 2      # cards  A♠  K♥ / drawn  2 / remaining  102
/// riffle deck info k3v9q2x8m1ab --json         # {"success": true, "deck_id": ..., ...}
/// ```
///
/// Every subcommand takes `--server URL` (default `$RIFFLE_SERVER`, else `http://127.0.0.1:8080`)
/// and `--json`; errors go to standard error with exit status 1.
public struct DeckCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "Create, inspect and draw from decks on a Deck of Cards server.",
        subcommands: [New.self, Info.self, Draw.self, Shuffle.self, ReturnCards.self, Drawn.self])

    /// Creates the command (used by the argument parser).
    public init() {}

    /// `riffle deck new [--shuffle] [--decks N] [--jokers] [--cards AS,KH]`.
    public struct New: ClientSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(commandName: "new", abstract: "Create a new deck.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// Shuffle the new deck.
        @Flag(name: .long, help: "Shuffle the new deck.") public var shuffle = false
        /// How many decks to combine.
        @Option(name: .long, help: "How many decks to combine (1–20).") public var decks = 1
        /// Add the two jokers to each deck.
        @Flag(name: .long, help: "Add the two jokers to each deck.") public var jokers = false
        /// A partial deck: only these cards.
        @Option(name: .long, help: ArgumentHelp("Only these cards (a partial deck).", valueName: "AS,KH,…"))
        public var cards: String?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks `--cards`.
        public func validate() throws {
            if let cards { _ = try CardListArgument.parse(cards) }
        }

        /// Creates the deck and prints its state.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let partial = cards.flatMap { try? CardListArgument.parse($0) }
            let request = DeckRequest.newDeck(
                shuffled: shuffle, deckCount: decks, jokersEnabled: jokers, cards: partial)
            return await perform(
                request, as: DeckStatus.self, output: output, environment: environment,
                render: CardTableFormatter.deckStatus)
        }
    }

    /// `riffle deck info ID`.
    public struct Info: ClientSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(commandName: "info", abstract: "Show a deck's state.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Reads the deck and prints its state.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await perform(
                .deckInfo(deckID: deckID), as: DeckStatus.self, output: output, environment: environment,
                render: CardTableFormatter.deckStatus)
        }
    }

    /// `riffle deck shuffle ID [--remaining]`.
    public struct Shuffle: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "shuffle",
            abstract: "Reshuffle a deck: every card back and piles cleared, or with --remaining only the undrawn stack."
        )

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player (a seated deck changes only through its players).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// Shuffle only the undrawn stack.
        @Flag(name: .long, help: "Shuffle only the cards still in the stack; drawn cards and piles stay.")
        public var remaining = false

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Reshuffles and prints the deck's state.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await performAsPlayer(
                .shuffle(deckID: deckID, remainingOnly: remaining), as: DeckStatus.self, output: output,
                environment: environment, render: CardTableFormatter.deckStatus)
        }
    }
}
