import Foundation

/// A child process started with `posix_spawn`: how tests start `riffle serve`, `psql` and other
/// programs.
///
/// Not Foundation's `Process`: on Linux its `run()` (swift-corelibs-foundation as of Swift 6.3.1)
/// copies a whole 256-byte `d_name` out of each `/proc/self/fd` entry that `readdir` returns, which
/// reads past glibc's buffer when an entry sits at its end before an unmapped page, and now and then
/// crashes the process that starts the child (swiftlang/swift-corelibs-foundation#5472). It crashed
/// the test process of one CI run here.
public struct ChildProcess: Sendable {
    /// The child's process id.
    public let processIdentifier: pid_t
    /// The read end of a pipe from the child's standard output, when it was captured.
    public let standardOutput: Int32?

    /// Starts `executable` with `arguments` (not including the program's name), inheriting this
    /// process's environment and standard error; its standard input is `/dev/null`, and its standard
    /// output is captured into ``standardOutput`` or goes to `/dev/null`.
    ///
    /// - Throws: ``ChildProcessError`` when the pipe cannot be made or the program cannot be started.
    public static func spawn(_ executable: String, _ arguments: [String], capturingOutput: Bool) throws -> ChildProcess
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&pipeEnds) == 0 else { throw ChildProcessError(message: "no pipe: errno \(errno)") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        // The child inherits nothing past standard error: not the test process's database connections
        // (a test reads a server's sockets from /proc), nor the write end of another child's pipe
        // (whose reader would then never see its end). glibc has the action since 2.34; Swift's
        // Glibc module does not declare it.
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else {
            if capturingOutput { close(pipeEnds[0]); close(pipeEnds[1]) }
            throw ChildProcessError(message: "this C library cannot close a child's inherited descriptors")
        }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        if capturingOutput { close(pipeEnds[1]) }
        guard status == 0 else {
            if capturingOutput { close(pipeEnds[0]) }
            throw ChildProcessError(message: "cannot start \(executable): errno \(status)")
        }
        return ChildProcess(processIdentifier: pid, standardOutput: capturingOutput ? pipeEnds[0] : nil)
    }

    /// Reads the captured standard output to its end, then closes it.
    public func readOutputToEnd() -> Data {
        guard let descriptor = standardOutput else { return Data() }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Waits for the child to end and returns its exit status (128 + the signal when a signal ended it).
    @discardableResult
    public func waitUntilExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        kill(processIdentifier, signal)
    }
}

/// A child process that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
