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
        let port = try freePort()
        let process = try ChildProcess.spawn(
            try riffleExecutable().path,
            ["serve", "--port", String(port), "--database", database, "--log-level", "warning"] + arguments,
            capturingOutput: true)
        let server = RiffleProcess(process: process, port: port)
        guard let descriptor = process.standardOutput else { return server }
        // The server prints nothing more that a test reads: the pipe closes once it is ready.
        defer { close(descriptor) }
        do {
            try await onOwnThread { try waitForStartUpLine(on: descriptor) }
        } catch {
            await server.killAndWait()
            throw error
        }
        return server
    }

    /// Reads the server's standard output until its start-up line, its end, or ``startUpLimit``.
    private static func waitForStartUpLine(on descriptor: Int32) throws {
        let deadline = ContinuousClock.now + startUpLimit
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: seen, as: UTF8.self).contains("serving on") {
            let left = deadline - ContinuousClock.now
            var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard left > .zero, poll(&polled, 1, milliseconds) > 0 else {
                throw RiffleProcessError(
                    message: "riffle serve printed no start-up line within \(startUpLimit); it printed: "
                        + String(decoding: seen, as: UTF8.self))
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw RiffleProcessError(
                    message: "riffle serve exited before it was ready; it printed: "
                        + String(decoding: seen, as: UTF8.self))
            }
            seen += buffer[0..<count]
        }
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

    /// A loopback port that is free now (the kernel's choice for an ephemeral bind).
    ///
    /// - Throws: ``RiffleProcessError`` when no port could be bound.
    public static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socket, socketAddress, length) == 0 && getsockname(socket, socketAddress, &length) == 0
            }
        }
        guard bound else { throw RiffleProcessError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A `riffle serve` process that could not be started, or a port that could not be found.
public struct RiffleProcessError: Error, CustomStringConvertible {
    /// What went wrong, with what the server printed.
    public let message: String
    /// The message.
    public var description: String { message }
}
