import Foundation

/// Where a client command writes: standard output for results, standard error for errors.
///
/// Commands take one so tests can capture what they print:
///
/// ```swift
/// let exitCode = await command.run(output: CommandOutput(standardOutput: { out += $0 },
///                                                        standardError: { err += $0 }),
///                                  environment: [:])
/// ```
public struct CommandOutput: Sendable {
    /// Writes text to standard output (text includes its own line breaks).
    public var standardOutput: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var standardError: @Sendable (String) -> Void

    /// Creates an output over two sinks.
    ///
    /// - Parameters:
    ///   - standardOutput: receives results.
    ///   - standardError: receives error messages.
    public init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's standard output and standard error.
    public static let standard = CommandOutput(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) })
}
