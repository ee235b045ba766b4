import ArgumentParser
import DeckClient
import PlayingCards

extension DeckCommand {
    /// `riffle deck draw ID [--count N] [--bottom|--random]`.
    public struct Draw: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "draw",
            abstract: "Draw cards from a deck.",
            discussion: "Asking for more cards than remain deals every remaining card, prints them, and exits 1.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player (a seated deck changes only through its players).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// How many cards.
        @Option(name: .long, help: "How many cards to draw.") public var count = 1
        /// Draw from the bottom or at random instead of the top.
        @Flag(exclusivity: .exclusive) var position: DrawPositionFlag?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Draws and prints the cards.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await performAsPlayer(
                .draw(deckID: deckID, count: count, from: position?.source ?? .top), as: DrawResult.self,
                output: output, environment: environment
            ) { CardTableFormatter.draw($0) }
        }
    }

    /// `riffle deck drawn ID`.
    public struct Drawn: ClientSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "drawn", abstract: "List the cards drawn from a deck and not in a pile.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Lists the drawn cards.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await perform(.drawnCards(deckID: deckID), as: DrawResult.self, output: output, environment: environment) {
                CardTableFormatter.draw($0, countLabel: "count")
            }
        }
    }

    /// `riffle deck return ID [--cards AS,KH]`.
    public struct ReturnCards: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "return", abstract: "Return drawn cards (not in a pile) to the bottom of the deck.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player (a seated deck changes only through its players).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// Only these cards.
        @Option(name: .long, help: ArgumentHelp("Only these cards (default: every drawn card).", valueName: "AS,KH,…"))
        public var cards: String?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks `--cards`.
        public func validate() throws {
            if let cards { _ = try CardListArgument.parse(cards) }
        }

        /// Returns the cards and prints the deck's remaining count.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let only = cards.flatMap { try? CardListArgument.parse($0) }
            return await performAsPlayer(
                .returnCards(deckID: deckID, cards: only), as: ReturnResult.self, output: output,
                environment: environment, render: CardTableFormatter.returned)
        }
    }
}
