import ArgumentParser
import DeckClient
import PlayingCards

extension PileCommand {
    /// `riffle pile draw ID PILE [--count N] [--cards AS,KH] [--bottom|--random]`.
    public struct Draw: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "draw",
            abstract: "Draw cards from a pile: from the top (last added), the bottom, at random, or by name.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player of a live table (needed for your own hand).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The pile name.
        @Argument(help: "The pile to draw from.") public var pile: String
        /// How many cards.
        @Option(name: .long, help: "How many cards to draw (default 1).") public var count: Int?
        /// Exactly these cards.
        @Option(name: .long, help: ArgumentHelp("Draw exactly these cards.", valueName: "AS,KH,…"))
        public var cards: String?
        /// Draw from the bottom or at random instead of the top.
        @Flag(exclusivity: .exclusive) var position: DrawPositionFlag?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the pile name, `--cards`, and that `--cards` is not combined with a count or position.
        public func validate() throws {
            try PileCommand.validate(pile: pile)
            if let cards {
                _ = try CardListArgument.parse(cards)
                if count != nil || position != nil {
                    throw ValidationError(
                        "--cards names the cards; it cannot be combined with --count, --bottom or --random.")
                }
            }
        }

        /// Draws from the pile and prints the cards and the piles.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let request: DeckRequest
            if let named = cards.flatMap({ try? CardListArgument.parse($0) }) {
                request = .drawFromPile(deckID: deckID, pile: pile, cards: named)
            } else {
                request = .drawFromPile(deckID: deckID, pile: pile, count: count ?? 1, from: position?.source ?? .top)
            }
            return await performAsPlayer(
                request, as: PileDrawResult.self, output: output, environment: environment,
                render: CardTableFormatter.pileDraw)
        }
    }

    /// `riffle pile return ID PILE [--cards AS,KH]`.
    public struct ReturnPile: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "return", abstract: "Return a pile (or some of its cards) to the bottom of the deck.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player of a live table (needed for your own hand).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The pile name.
        @Argument(help: "The pile to return.") public var pile: String
        /// Only these cards.
        @Option(name: .long, help: ArgumentHelp("Only these cards (default: the whole pile).", valueName: "AS,KH,…"))
        public var cards: String?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the pile name and `--cards`.
        public func validate() throws {
            try PileCommand.validate(pile: pile)
            if let cards { _ = try CardListArgument.parse(cards) }
        }

        /// Returns the cards and prints the piles.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let only = cards.flatMap { try? CardListArgument.parse($0) }
            return await printPiles(
                .returnPile(deckID: deckID, pile: pile, cards: only), output: output, environment: environment)
        }
    }
}
