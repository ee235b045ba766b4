import ArgumentParser
import DeckClient
import PlayingCards

/// `riffle pile`: add drawn cards to named piles, list, shuffle, draw from and return piles.
///
/// ```
/// riffle pile add k3v9q2x8m1ab discard --cards AS,KH
/// riffle pile list k3v9q2x8m1ab discard        # PILE     COUNT  CARDS / discard  2      A♠  K♥
/// riffle pile draw k3v9q2x8m1ab discard --bottom
/// ```
public struct PileCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "pile",
        abstract: "Work with a deck's named piles on a Deck of Cards server.",
        subcommands: [Add.self, List.self, Shuffle.self, Draw.self, ReturnPile.self])

    /// Creates the command (used by the argument parser).
    public init() {}

    /// `riffle pile add ID PILE --cards AS,KH`.
    public struct Add: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Move drawn cards onto a pile (created if needed).")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player of a live table (needed for your own hand).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The pile name.
        @Argument(help: "The pile name ([-a-zA-Z0-9_]+).") public var pile: String
        /// The cards to add.
        @Option(name: .long, help: ArgumentHelp("The drawn cards to add.", valueName: "AS,KH,…"))
        public var cards: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the pile name and `--cards`.
        public func validate() throws {
            try PileCommand.validate(pile: pile)
            _ = try CardListArgument.parse(cards)
        }

        /// Adds the cards and prints the piles.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let list = (try? CardListArgument.parse(cards)) ?? []
            return await printPiles(
                .addToPile(deckID: deckID, pile: pile, cards: list), output: output, environment: environment)
        }
    }

    /// `riffle pile list ID PILE`.
    public struct List: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List every pile's size and one pile's cards (bottom to top).")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player of a live table (needed for your own hand).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The pile whose cards to list.
        @Argument(help: "The pile whose cards to list.") public var pile: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the pile name.
        public func validate() throws { try PileCommand.validate(pile: pile) }

        /// Lists the piles.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await printPiles(.listPile(deckID: deckID, pile: pile), output: output, environment: environment)
        }
    }

    /// `riffle pile shuffle ID PILE`.
    public struct Shuffle: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(commandName: "shuffle", abstract: "Shuffle one pile.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: act as a player of a live table (needed for your own hand).
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The pile name.
        @Argument(help: "The pile to shuffle.") public var pile: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the pile name.
        public func validate() throws { try PileCommand.validate(pile: pile) }

        /// Shuffles the pile and prints the piles.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await printPiles(.shufflePile(deckID: deckID, pile: pile), output: output, environment: environment)
        }
    }

    /// A pile name check shared by the subcommands, so a bad name fails before any request.
    static func validate(pile: String) throws {
        guard PileName.isValid(pile) else {
            throw ValidationError("\"\(pile)\" is not a pile name: use 1–64 of a–z, A–Z, 0–9, - and _.")
        }
    }
}
