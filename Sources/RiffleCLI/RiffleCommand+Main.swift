import ArgumentParser

@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
extension RiffleCommand {
    /// Parses the process's arguments and runs the chosen subcommand, awaiting async ones.
    ///
    /// `await RiffleCommand.main()` from another module can resolve to the synchronous
    /// `ParsableCommand.main()`, which refuses async subcommands; this entry point cannot.
    ///
    /// - Parameter arguments: the arguments without the program name; the process's by default.
    public static func runAsRoot(_ arguments: [String]? = nil) async {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
