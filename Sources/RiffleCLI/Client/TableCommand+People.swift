import ArgumentParser
import DeckClient
import PlayingCards

extension TableCommand {
    /// `riffle table seats ID a,b,c --token T`: the host reorders the seats.
    public struct Seats: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "seats", abstract: "Reorder the seats (host only): every player once, comma-separated.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`: the host's.
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The new order.
        @Argument(help: "Every player's name in the new seat order, such as ana,bo,cy.") public var order: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks every name.
        public func validate() throws {
            for name in order.split(separator: ",", omittingEmptySubsequences: false) {
                try TableCommand.validate(player: String(name))
            }
        }

        /// Reorders and prints the seats.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await performAsPlayer(
                .reorderSeats(deckID: deckID, order: order.split(separator: ",").map(String.init)),
                as: TablePeople.self, output: output, environment: environment, render: TableCommand.people)
        }
    }

    /// `riffle table turn ID [--to next|none|NAME] [--strict true|false] --token T`.
    public struct Turn: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "turn",
            abstract: "Pass the turn on (--to next), or as the host set it (--to NAME|none) and strict turns.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`.
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// Where the turn goes.
        @Option(name: .long, help: "next, none or a player's name.") public var to: String?
        /// Strict turns.
        @Option(name: .long, help: "true: only the turn holder moves cards; false: anyone.") public var strict: Bool?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks that something changes, and the name.
        public func validate() throws {
            guard to != nil || strict != nil else { throw ValidationError("Give --to, --strict or both.") }
            if let to, to != "next", to != "none" { try TableCommand.validate(player: to) }
        }

        /// Changes the turn and prints the table's people.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let target: DeckRequest.TurnTarget? =
                switch to {
                case nil: nil
                case "next": .next
                case "none": .nobody
                case let name?: .player(name)
                }
            return await performAsPlayer(
                .turn(deckID: deckID, to: target, strict: strict), as: TablePeople.self, output: output,
                environment: environment, render: TableCommand.people)
        }
    }

    /// `riffle table face ID PILE down|up --token T`: turn a public pile face down or face up.
    public struct Face: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "face", abstract: "Turn a public pile face down (nobody sees its cards) or face up.")

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`.
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// The pile.
        @Argument(help: "The pile (created empty if missing).") public var pile: String
        /// `down` or `up`.
        @Argument(help: "down or up.") public var face: String

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the pile and the face.
        public func validate() throws {
            try PileCommand.validate(pile: pile)
            guard face == "down" || face == "up" else { throw ValidationError("The face is down or up.") }
        }

        /// Turns the pile and prints the piles.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            await printPiles(
                .turnPile(deckID: deckID, pile: pile, faceDown: face == "down"), output: output,
                environment: environment)
        }
    }

    /// The table's people as lines: seat, name, display name (escaped), online, host and turn marks.
    static func people(_ people: TablePeople) -> String {
        var lines: [String] = []
        for seat in people.players {
            var marks: [String] = [seat.online ? "online" : "offline"]
            if seat.name == people.host { marks.append("host") }
            if seat.name == people.turn { marks.append(people.strictTurns ? "turn (strict)" : "turn") }
            lines.append(
                "\(seat.seat + 1). \(seat.name) \"\(TerminalText.escaped(seat.displayName))\" "
                    + marks.joined(separator: ", "))
        }
        if people.turn == nil { lines.append("nobody holds the turn" + (people.strictTurns ? " (strict)" : "")) }
        return lines.joined(separator: "\n") + "\n"
    }
}
