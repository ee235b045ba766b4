import ArgumentParser
import DeckClient
import Foundation
import PlayingCards

/// The options every `riffle deck` and `riffle pile` subcommand takes: the server and `--json`.
public struct ClientOptions: ParsableArguments, Sendable {
    /// The environment variable naming the default server.
    public static let serverEnvironmentVariable = "RIFFLE_SERVER"

    /// The server to talk to; when absent, `RIFFLE_SERVER`, else `http://127.0.0.1:8080`.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The Deck of Cards server (default: $RIFFLE_SERVER, else http://127.0.0.1:8080).", valueName: "url"))
    public var server: String?

    /// Print the server's raw JSON response instead of a table.
    @Flag(name: .long, help: "Print the raw JSON response body.")
    public var json = false

    /// Creates the options with their defaults.
    public init() {}

    /// The server URL these options name.
    ///
    /// - Parameter environment: the process environment, for `RIFFLE_SERVER`.
    /// - Returns: the URL.
    /// - Throws: ``DeckClientError`` with code ``DeckClientError/Code/invalidRequest`` for an unusable URL.
    public func serverURL(environment: [String: String]) throws -> URL {
        let text = server ?? environment[Self.serverEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let text else { return DeckClientConfiguration.defaultBaseURL }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else {
            throw DeckClientError(code: .invalidRequest, message: "\"\(text)\" is not an http(s) server URL.")
        }
        return url
    }
}

/// `--bottom` or `--random`: where a draw takes its cards from (the top when neither is given).
enum DrawPositionFlag: String, EnumerableFlag {
    case bottom
    case random

    var source: DrawSource {
        switch self {
        case .bottom: .bottom
        case .random: .random
        }
    }

    static func help(for value: DrawPositionFlag) -> ArgumentHelp? {
        switch value {
        case .bottom: "Draw from the bottom."
        case .random: "Draw at random."
        }
    }
}

/// Parses a `--cards` value strictly: unlike the API, which drops unknown codes silently, the CLI
/// refuses them so a typo is not a silent no-op.
enum CardListArgument {
    static func parse(_ text: String) throws -> [PlayingCards.Card] {
        var cards: [PlayingCards.Card] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let card = PlayingCards.Card(code: item) else {
                throw ValidationError("\"\(item)\" is not a card code (such as AS, 0H, KD, X1).")
            }
            cards.append(card)
        }
        guard !cards.isEmpty else { throw ValidationError("--cards needs at least one card code, such as AS,KH.") }
        return cards
    }
}
