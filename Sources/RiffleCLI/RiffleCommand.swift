import ArgumentParser

/// `riffle`: serve the Deck of Cards API and web app, or use any Deck of Cards server from a terminal.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct RiffleCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "riffle",
        abstract: "Riffle: a Deck of Cards API server, its web app, and a client for the terminal.",
        subcommands: [
            ServeCommand.self, DeckCommand.self, PileCommand.self, TableCommand.self, WatchCommand.self,
            VerifyCommand.self, ArtCommand.self,
        ],
        defaultSubcommand: nil
    )

    public init() {}
}
