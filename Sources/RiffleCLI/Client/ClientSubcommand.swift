import ArgumentParser
import DeckClient
import Foundation

/// A `riffle deck …` or `riffle pile …` subcommand: one API request, printed as a table or as JSON.
///
/// ``run(output:environment:)`` is the testable core: it writes through a ``CommandOutput`` and
/// returns the exit status instead of exiting.
public protocol ClientSubcommand: AsyncParsableCommand {
    /// The shared `--server` and `--json` options.
    var options: ClientOptions { get }

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - output: where to write results and errors.
    ///   - environment: the process environment (for `RIFFLE_SERVER`).
    /// - Returns: the exit status: 0 on success, 1 when the server or the network reported an error.
    func run(output: CommandOutput, environment: [String: String]) async -> Int32
}

extension ClientSubcommand {
    /// Runs the command against the real standard output and environment, exiting non-zero on error.
    public mutating func run() async throws {
        let status = await run(output: .standard, environment: ProcessInfo.processInfo.environment)
        if status != 0 { throw ExitCode(status) }
    }

    /// Sends one request and prints its answer: the raw body with `--json`, else `render`'s table.
    ///
    /// Errors go to standard error as `error: <server message> (HTTP <status>)` with status 1. A
    /// short main-deck draw prints the cards it dealt, then the server's message as an error.
    /// With a `token`, the request is sent as that player (`Authorization: Bearer`).
    func perform<Answer: Decodable>(
        _ request: DeckRequest, as answer: Answer.Type, output: CommandOutput, environment: [String: String],
        token: PlayerToken? = nil, render: (Answer) -> String
    ) async -> Int32 {
        do {
            let client = DeckOfCardsClient(
                configuration: DeckClientConfiguration(
                    baseURL: try options.serverURL(environment: environment))
            ).withPlayer(token)
            let response = try await client.send(request)
            if options.json {
                var body = String(decoding: response.body, as: UTF8.self)
                if !body.hasSuffix("\n") { body += "\n" }
                output.standardOutput(body)
            }
            let decoded = try DeckOfCardsClient.decode(answer, from: response, for: request)
            if !options.json { output.standardOutput(render(decoded)) }
            if let shortfall = (decoded as? DrawResult)?.shortfall {
                output.standardError("error: \(shortfall)\n")
                return 1
            }
            return 0
        } catch {
            return reportFailure(error, output: output)
        }
    }

    /// Prints a failed request's error on standard error, `error: <server message> (HTTP <status>)` for the
    /// server's and the network's, and returns the exit status 1.
    func reportFailure(_ error: any Error, output: CommandOutput) -> Int32 {
        if let error = error as? DeckClientError {
            output.standardError("error: \(CardTableFormatter.describe(error))\n")
        } else {
            output.standardError("error: \(error)\n")
        }
        return 1
    }
}
