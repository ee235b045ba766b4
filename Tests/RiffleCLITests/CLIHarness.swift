import ArgumentParser
import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleCLI

/// What a command printed, and its exit status.
struct CommandRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Collects what a command writes.
///
/// `@unchecked Sendable` is safe: both strings are only read and written while holding `lock`.
final class CapturedText: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var output: CommandOutput {
        CommandOutput(
            standardOutput: { text in self.lock.withLock { self.out += text } },
            standardError: { text in self.lock.withLock { self.err += text } })
    }

    var texts: (String, String) { lock.withLock { (out, err) } }
}

/// Parses a `riffle deck` or `riffle pile` command line and runs it, capturing its output.
func runCommand(
    _ root: any ParsableCommand.Type, _ arguments: [String], environment: [String: String] = [:]
) async throws -> CommandRun {
    let parsed = try root.parseAsRoot(arguments)
    let command = try #require(parsed as? any ClientSubcommand)
    let captured = CapturedText()
    let status = await command.run(output: captured.output, environment: environment)
    let (out, err) = captured.texts
    return CommandRun(status: status, standardOutput: out, standardError: err)
}

/// The value of a `key  value` row in a command's table.
func tableValue(_ key: String, in text: String) -> String? {
    for line in text.split(separator: "\n") where line.hasPrefix(key + " ") {
        return line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
    }
    return nil
}

/// Makes a deck with `riffle deck new` and returns its id.
///
/// - Parameter arguments: `new`'s options, such as `--shuffle` and `--server`.
func newDeck(_ arguments: [String]) async throws -> String {
    let new = try await runCommand(DeckCommand.self, ["new"] + arguments)
    return try #require(tableValue("deck", in: new.standardOutput), "riffle deck new: \(new.standardError)")
}

/// Joins a deck with `riffle table join` and returns the token it printed.
///
/// - Parameters:
///   - deckID: the deck.
///   - name: the player's name.
///   - options: `--server` and any other options.
func joinedToken(_ deckID: String, _ name: String, _ options: [String]) async throws -> String {
    let join = try await runCommand(TableCommand.self, ["join", deckID, name] + options)
    return try #require(tableValue("token", in: join.standardOutput), "riffle table join: \(join.standardError)")
}
