import ArgumentParser
import DeckClient
import PlayingCards

/// `riffle table`: play at a live table: join as a player, deal face down, look at your hand.
///
/// ```
/// riffle table join k3v9q2x8m1ab ana           # prints Ana's token and how to use it
/// export RIFFLE_TOKEN=… RIFFLE_PLAYER=ana
/// riffle table deal k3v9q2x8m1ab bo --count 5  # five cards face down into Bo's hand
/// riffle table deal-everyone k3v9q2x8m1ab --count 5  # the host: five to every player, in seat order
/// riffle table hand k3v9q2x8m1ab               # Ana's cards, and everyone's counts
/// riffle table remove k3v9q2x8m1ab bo          # the host removes Bo (his hand back into the stack)
/// riffle table history k3v9q2x8m1ab            # every change so far, as Ana's stream showed it
/// riffle verify k3v9q2x8m1ab --round 1         # once the host's next shuffle ends round 1: check its cards
/// riffle table leave k3v9q2x8m1ab              # Ana leaves
/// ```
public struct TableCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Play at a live table: join a deck as a player, deal face down, show your hand, leave.",
        subcommands: [
            Join.self, Deal.self, DealToEveryone.self, Hand.self, Leave.self, Remove.self, Seats.self, Turn.self,
            Face.self, History.self,
        ])

    /// Creates the command (used by the argument parser).
    public init() {}

    /// `riffle table join ID NAME`.
    public struct Join: ClientSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "join", abstract: "Join a deck as a player; prints the player's token.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The player's name.
        @Argument(help: "Your name at the table ([-a-zA-Z0-9_]+); it also names your hand's pile.")
        public var player: String
        /// The name shown to people.
        @Option(name: .long, help: "The name shown to the others: 1 to 32 characters in any script.")
        public var displayName: String?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the name.
        public func validate() throws { try TableCommand.validate(player: player) }

        /// Joins and prints the token with how to use it.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let request: DeckRequest =
                displayName.map { .join(deckID: deckID, player: player, displayName: $0) }
                ?? .join(deckID: deckID, player: player)
            return await perform(request, as: JoinResult.self, output: output, environment: environment) { joined in
                CardTableFormatter.table([
                    ("deck", joined.deckID), ("player", joined.player),
                    ("shown as", TerminalText.escaped(joined.displayName ?? joined.player)),
                    ("token", joined.token.rawValue),
                ]) + "\nKeep the token: it is the only proof that you are \(joined.player). Use it with\n"
                    + "  export RIFFLE_TOKEN=\(joined.token.rawValue) RIFFLE_PLAYER=\(joined.player)\n"
                    + "  riffle table hand \(joined.deckID)\n"
            }
        }
    }

    /// `riffle table deal ID PILE --count N`.
    public struct Deal: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "deal", abstract: "Deal cards from the stack face down into a pile or a player's hand.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`.
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The pile to deal into.
        @Argument(help: "The pile (a player's name for their hand).") public var pile: String
        /// How many cards.
        @Option(name: .long, help: "How many cards to deal.") public var count = 1

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the pile name and the count.
        public func validate() throws {
            try PileCommand.validate(pile: pile)
            guard count >= 1 else { throw ValidationError("--count must be at least 1.") }
        }

        /// Deals and prints the piles (the cards only when you may see them).
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await performAsPlayer(
                .deal(deckID: deckID, pile: pile, count: count), as: DealResult.self, output: output,
                environment: environment
            ) { deal in
                var rows = [("deck", deal.deckID)]
                rows.append(("dealt", deal.cards.map(CardTableFormatter.cardLine) ?? "\(count) face down"))
                rows.append(("remaining", String(deal.remaining)))
                return CardTableFormatter.table(rows) + "\n" + CardTableFormatter.piles(deal.piles)
            }
        }
    }

    /// `riffle table hand ID [NAME] --token T`.
    public struct Hand: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "hand", abstract: "Show your hand, and how many cards everyone else holds.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`.
        @OptionGroup public var player: PlayerOptions
        /// The deck, and the player whose hand to show.
        @OptionGroup public var seat: SeatArguments

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Lists the player's hand with their token.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            guard let chosen = seat.chosenPlayer(for: "hand", output: output, environment: environment) else {
                return 1
            }
            if player.playerToken(environment: environment) == nil {
                output.standardError("note: no --token or RIFFLE_TOKEN: \(chosen)'s cards stay hidden.\n")
            }
            return await printPiles(
                .listPile(deckID: seat.deckID, pile: chosen), output: output, environment: environment)
        }
    }

    /// A player name check, so a bad name fails before any request.
    static func validate(player: String) throws {
        guard PileName.isValid(player) else {
            throw ValidationError("\"\(player)\" is not a player name: use 1–64 of a–z, A–Z, 0–9, - and _.")
        }
    }
}
