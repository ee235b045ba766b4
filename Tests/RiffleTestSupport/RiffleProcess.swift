import Foundation

/// A `riffle serve` child process on a free port: the one way tests start a server process (``TestServer`` runs
/// the application inside the test process instead).
///
/// ```swift
/// let server = try await RiffleProcess.start(database: "postgres://...")
/// defer { server.kill() }
/// let answer = try await URLSession.shared.data(from: URL(string: server.baseURL + "/health")!)
/// ```
public struct RiffleProcess {
    /// The child process.
    public let process: ChildProcess
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// The server's address, such as `http://127.0.0.1:54321`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// How long `riffle serve` may take to print its start-up line: generous, since on a busy CI
    /// machine a process start, its database connections and migrations can take a while, but
    /// bounded, so that a server that never becomes ready fails its test instead of hanging it.
    public static let startUpLimit: Duration = .seconds(120)

    /// Starts `riffle serve` and returns once it prints its start-up line (it is then accepting
    /// connections).
    ///
    /// The server picks its own port (`--port 0`) and names it in its start-up line: a port chosen
    /// here and bound later by the child could meanwhile be taken by any other socket of the busy
    /// machine (an outgoing connection's ephemeral port), and the server would exit at once.
    ///
    /// The blocking pipe read runs on a thread of its own, never on Swift's cooperative pool: that
    /// pool has one thread per core (two here), and blocking them starves every other task of the
    /// test process, such as a PostgreSQL client that holds a lock the child server waits for.
    ///
    /// - Parameters:
    ///   - database: the `--database` argument.
    ///   - arguments: more `riffle serve` options.
    /// - Throws: ``RiffleProcessError`` when the server exits before it is ready or is not ready
    ///   within ``startUpLimit`` (it is killed then, and the error shows what it printed).
    public static func start(database: String, arguments: [String] = []) async throws -> RiffleProcess {
        let process = try ChildProcess.spawn(
            try riffleExecutable().path,
            ["serve", "--port", "0", "--database", database, "--log-level", "warning"] + arguments,
            capturingOutput: true)
        guard let descriptor = process.standardOutput else {
            throw RiffleProcessError(message: "riffle serve's output was not captured: its port is unknown")
        }
        // The server prints nothing more that a test reads: the pipe closes once it is ready.
        defer { close(descriptor) }
        do {
            let port = try await onOwnThread { try waitForStartUpLine(on: descriptor) }
            return RiffleProcess(process: process, port: port)
        } catch {
            process.send(SIGKILL)
            _ = try? await onOwnThread { process.waitUntilExit() }
            throw error
        }
    }

    /// Reads the server's standard output until its start-up line, its end, or ``startUpLimit``.
    ///
    /// - Returns: the port the start-up line names.
    private static func waitForStartUpLine(on descriptor: Int32) throws -> Int {
        let deadline = ContinuousClock.now + startUpLimit
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: seen, as: UTF8.self)
            if let port = port(inStartUpLine: text) { return port }
            let left = deadline - ContinuousClock.now
            var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard left > .zero, poll(&polled, 1, milliseconds) > 0 else {
                throw RiffleProcessError(
                    message: "riffle serve printed no start-up line within \(startUpLimit); it printed: " + text)
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw RiffleProcessError(message: "riffle serve exited before it was ready; it printed: " + text)
            }
            seen += buffer[0..<count]
        }
    }

    /// The port of a whole start-up line (`Riffle is serving on http://127.0.0.1:54321/ (…)` and its
    /// newline), if `text` holds one.
    private static func port(inStartUpLine text: String) -> Int? {
        guard let end = text.lastIndex(of: "\n") else { return nil }
        for line in text[..<end].split(separator: "\n") {
            guard let scheme = line.range(of: "serving on http://") else { continue }
            let hostAndPort = line[scheme.upperBound...].prefix { $0 != "/" }
            guard let colon = hostAndPort.lastIndex(of: ":") else { return nil }
            return Int(hostAndPort[hostAndPort.index(after: colon)...])
        }
        return nil
    }

    /// Sends SIGKILL without waiting (for `defer`).
    public func kill() {
        // Signal 0 only asks whether the process is there (running, or ended but not yet waited for).
        if Foundation.kill(process.processIdentifier, 0) == 0 { process.send(SIGKILL) }
    }

    /// Sends SIGKILL and waits, on a thread of its own, until the process is gone.
    public func killAndWait() async {
        kill()
        let process = process
        _ = try? await onOwnThread { process.waitUntilExit() }
    }

    /// The `riffle` binary next to the test bundle (`swift build` builds both into one folder).
    ///
    /// - Throws: ``RiffleProcessError`` when it was not built.
    public static func riffleExecutable() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("riffle")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw RiffleProcessError(message: "the riffle executable was not built next to the tests")
    }
}

/// A `riffle serve` process that could not be started.
public struct RiffleProcessError: Error, CustomStringConvertible {
    /// What went wrong, with what the server printed.
    public let message: String
    /// The message.
    public var description: String { message }
}
