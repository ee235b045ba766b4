import ArgumentParser
import DeckClient

extension TableCommand {
    /// `riffle table history ID [--after N] [--limit M] [--round R]`: a table's stored events (or one round's), as the
    /// player (with a token) or a spectator was shown them, one line each as `riffle watch` prints them
    /// (`EventLineFormatter`).
    public struct History: PlayerSubcommand {
        /// The subcommand's name and help.
        public static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "Show a table's changes so far, as your event stream showed them (a spectator's without a token)."
        )

        /// `--server` and `--json`.
        @OptionGroup public var options: ClientOptions
        /// `--token`.
        @OptionGroup public var player: PlayerOptions
        /// The deck id.
        @Argument(help: "The deck id.") public var deckID: String
        /// Only events after this one.
        @Option(name: .long, help: "Only the changes numbered above this one.") public var after: Int = 0
        /// How many events at most.
        @Option(name: .long, help: "At most this many changes (1 to 100; the server's default, 50, if not given).")
        public var limit: Int?
        /// Only this round's events.
        @Option(name: .long, help: "Only the changes of this round (1 or more; `riffle verify` checks a round).")
        public var round: Int?

        /// Creates the subcommand (used by the argument parser).
        public init() {}

        /// Checks the numbers before any request.
        public func validate() throws {
            guard after >= 0 else { throw ValidationError("--after must be 0 or more.") }
            if let limit, !(1...100).contains(limit) { throw ValidationError("--limit must be 1 to 100.") }
            if let round, round < 1 { throw ValidationError("--round must be 1 or more.") }
        }

        /// Reads one page and prints it, with how to read on when more are kept.
        public func run(output: CommandOutput, environment: [String: String]) async -> Int32 {
            let request = DeckRequest.history(deckID: deckID, after: after, limit: limit, round: round)
            do {
                let client = DeckOfCardsClient(
                    configuration: DeckClientConfiguration(baseURL: try options.serverURL(environment: environment))
                ).withPlayer(player.playerToken(environment: environment))
                let response = try await client.send(request)
                let page = try DeckOfCardsClient.decodeHistory(from: response, for: request)
                if options.json {
                    var body = String(decoding: response.body, as: UTF8.self)
                    if !body.hasSuffix("\n") { body += "\n" }
                    output.standardOutput(body)
                    return 0
                }
                output.standardOutput(Self.render(page, deckID: deckID, round: round))
                return 0
            } catch {
                return reportFailure(error, output: output)
            }
        }

        /// One line per event (number, kind, what happened, the counts after it), then what to run for more.
        static func render(_ page: TableHistoryPage, deckID: String, round: Int? = nil) -> String {
            let ofRound = round.map { ", round \($0)" } ?? ""
            var text = "history of \(deckID)\(ofRound), as \(page.viewer ?? "a spectator") saw it\n"
            if page.events.isEmpty { text += "no changes recorded\n" }
            for event in page.events { text += EventLineFormatter.line(event) + "\n" }
            if page.hasMore, let last = page.events.last {
                let roundOption = round.map { " --round \($0)" } ?? ""
                text += "more: riffle table history \(deckID) --after \(last.id)\(roundOption)\n"
            }
            return text
        }
    }
}
