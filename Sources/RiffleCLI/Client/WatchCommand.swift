import ArgumentParser
import DeckClient
import PlayingCards

/// `riffle watch ID`: print a deck's live events, one line each, as they happen.
///
/// ```
/// riffle watch k3v9q2x8m1ab --token $RIFFLE_TOKEN --since 0
/// #1   join          ana joined · stack 52 · ana 0 (private)
/// #2   join          bo joined · stack 52 · ana 0 (private) · bo 0 (private)
/// #3   deal          ana: 5 cards from deck to bo, face down · stack 47 · ana 0 (private) · bo 5 (private)
/// #4   pile_add      bo: 7♥ from bo to centre · stack 47 · ana 0 (private) · bo 4 (private) · centre 1
/// ```
///
/// It reconnects by itself after a dropped connection and misses nothing; Ctrl-C stops it.
public struct WatchCommand: ClientSubcommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Print a deck's changes live, one line each (Ctrl-C stops).")

    /// `--server` and `--json`.
    @OptionGroup public var options: ClientOptions
    /// `--token`.
    @OptionGroup public var player: PlayerOptions
    /// The deck id.
    @Argument(help: "The deck id.") public var deckID: String
    /// Start after this change number instead of now.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print the changes after this change number first (0: every change the server keeps).", valueName: "n"))
    public var since: Int?
    /// Stop after this many events.
    @Option(name: .long, help: "Stop after this many events (default: run until stopped).")
    public var count: Int?

    /// Creates the command (used by the argument parser).
    public init() {}

    /// Checks `--count`.
    public func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
        if let since, since < 0 { throw ValidationError("--since must be 0 or more.") }
    }

    /// Prints events until stopped, `--count` is reached, or the server refuses the stream.
    public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
        do {
            let client = DeckOfCardsClient(
                configuration: DeckClientConfiguration(baseURL: try options.serverURL(environment: environment)))
            var printed = 0
            // The display names last heard (events that changed the players carry them all).
            var names: [String: String] = [:]
            for try await event in client.events(
                deckID: deckID, token: player.playerToken(environment: environment), lastEventID: since)
            {
                if event.carriesPlayers, let people = event.people {
                    names = Dictionary(people.players.map { ($0.name, $0.displayName) }, uniquingKeysWith: { $1 })
                }
                output.standardOutput(
                    (options.json ? EventLineFormatter.json(event) : EventLineFormatter.line(event, names: names))
                        + "\n")
                printed += 1
                if let count, printed >= count { break }
            }
            return 0
        } catch {
            return reportFailure(error, output: output)
        }
    }
}

/// One event as one readable line: its number, its kind, who moved what where, and the sizes of the
/// piles it touched (of every pile for `hello` and `resync`).
enum EventLineFormatter {
    /// `#12  pile_add      bo: 7♥ from bo to centre · stack 42 · bo 4 (private) · centre 1`.
    static func line(_ event: DeckEvent, names: [String: String] = [:]) -> String {
        var parts: [String] = []
        if let what = happened(event, names: names) { parts.append(what) }
        parts.append("stack \(event.remaining)")
        for pile in event.piles {
            parts.append("\(pile.name) \(pile.remaining)" + (pile.isPrivate ? " (private)" : ""))
        }
        for pile in event.removedPiles { parts.append("\(pile) gone") }
        let number = "#\(event.id)"
        return number.padding(5) + event.kind.name.padding(14) + parts.joined(separator: " · ")
    }

    /// What happened, in words, or `nil` for a kind that moves nothing (hello, resync).
    static func happened(_ event: DeckEvent, names: [String: String] = [:]) -> String? {
        if event.kind == .resync { return "missed too much: reload the deck" }
        if event.kind == .join { return "\(event.player ?? "someone") joined" }
        if let people = peopleChange(event, names: names) { return people }
        let moves = event.moved.map { move -> String in
            let what =
                move.cards.map { $0.map(CardTableFormatter.label).joined(separator: " ") }
                ?? "\(move.count) card\(move.count == 1 ? "" : "s")"
            let hidden = move.cards == nil && move.count > 0 ? ", face down" : ""
            return "\(what) from \(move.from) to \(move.to)\(hidden)"
        }
        if moves.isEmpty {
            if event.kind == .shuffle || event.kind == .pileShuffle { return prefix(event) + "shuffled" }
            return nil
        }
        return prefix(event) + moves.joined(separator: "; ")
    }

    /// What a change of the table's people says: presence, renames, seats, the turn, a pile
    /// turned. Display names are shown escaped (``TerminalText``), never as control sequences.
    static func peopleChange(_ event: DeckEvent, names: [String: String] = [:]) -> String? {
        let people = event.people
        func shown(_ name: String?) -> String {
            guard let name else { return "nobody" }
            let display = people?.players.first { $0.name == name }?.displayName ?? names[name] ?? name
            return display == name ? name : "\(name) \"\(TerminalText.escaped(display))\""
        }
        switch event.kind {
        case .presence:
            return "\(shown(event.player)) is \(event.online == true ? "online" : "offline")"
        case .rename:
            return "\(shown(event.player)) renamed"
        case .seats:
            return "seats: " + (people?.players.map { shown($0.name) }.joined(separator: ", ") ?? "")
        case .turn:
            guard let people else { return nil }
            return "turn: \(shown(people.turn))" + (people.strictTurns ? " (strict turns)" : "")
        case .pileFace:
            guard let turned = event.turnedPile else { return nil }
            let cards = turned.cards.map(CardTableFormatter.label).joined(separator: " ")
            return prefix(event) + "turned \(turned.pile) face \(turned.faceDown ? "down" : "up")"
                + (cards.isEmpty ? "" : ": " + cards)
        default:
            return nil
        }
    }

    private static func prefix(_ event: DeckEvent) -> String {
        event.player.map { "\($0): " } ?? ""
    }

    /// The event as one JSON object: `{"id", "event", "data"}` with the data as the server sent it.
    static func json(_ event: DeckEvent) -> String {
        var piles: [String] = []
        for pile in event.piles {
            piles.append(
                "\"\(pile.name)\": {\"remaining\": \(pile.remaining)\(pile.isPrivate ? ", \"private\": true" : "")}")
        }
        var moved: [String] = []
        for move in event.moved {
            var fields = "\"from\": \"\(move.from)\", \"to\": \"\(move.to)\", \"count\": \(move.count)"
            if let cards = move.cards {
                fields += ", \"cards\": [" + cards.map { "\"\($0.code)\"" }.joined(separator: ", ") + "]"
            }
            moved.append("{" + fields + "}")
        }
        var text = "{\"id\": \(event.id), \"event\": \"\(event.kind.name)\", \"deck_id\": \"\(event.deckID)\", "
        text += "\"remaining\": \(event.remaining), \"piles\": {" + piles.joined(separator: ", ") + "}, "
        text += "\"moved\": [" + moved.joined(separator: ", ") + "]"
        if !event.removedPiles.isEmpty {
            text += ", \"removed_piles\": [" + event.removedPiles.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        if let player = event.player { text += ", \"player\": \"\(player)\"" }
        return text + "}"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
