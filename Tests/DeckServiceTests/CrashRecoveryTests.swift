import Foundation
import RiffleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the real `riffle serve` executable, kills it with SIGKILL under a write load, restarts it
/// on the same file and checks that every acknowledged draw is still there.
@Suite struct CrashRecoveryTests {
    @Test func acknowledgedDrawsSurviveSIGKILL() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-crash-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await checkAcknowledgedDrawsSurviveSIGKILL(database: directory.appendingPathComponent("riffle.sqlite").path)
    }

    @Test func acknowledgedDrawsSurviveSIGKILLOnPostgres() async throws {
        try await checkAcknowledgedDrawsSurviveSIGKILL(database: try StoreBackend.postgres.makeDatabase())
    }

    private func checkAcknowledgedDrawsSurviveSIGKILL(database: String) async throws {
        var server = try await RiffleProcess.start(database: database)
        let session = makeTestSession()
        let created = try await httpGetJSON(server.baseURL + "/api/deck/new/shuffle/?deck_count=20", session: session)
        let id = try #require(created.object["deck_id"] as? String)

        // Four writers draw one card at a time; each acknowledged card is recorded.
        let acknowledged = AcknowledgedCards()
        let base = server.baseURL
        let writers = (0..<4).map { _ in
            Task {
                while true {
                    guard let draw = try? await httpGetJSON(base + "/api/deck/\(id)/draw/?count=1", session: session),
                        draw.status == 200
                    else { return }
                    await acknowledged.add(cardCodes(draw.object))
                }
            }
        }
        while await acknowledged.count < 150 { try await Task.sleep(for: .milliseconds(5)) }
        await server.killAndWait()
        // With the server gone, each writer's next request fails and it stops by itself.
        for writer in writers { await writer.value }
        let acknowledgedCodes = await acknowledged.codes
        #expect(acknowledgedCodes.count >= 150)

        server = try await RiffleProcess.start(database: database)
        defer { server.kill() }
        let drawn = try await httpGetJSON(server.baseURL + "/api/deck/\(id)/drawn/", session: session)
        #expect(drawn.status == 200)
        let onDisk = cardCodes(drawn.object)
        // Every acknowledged card is on disk; at most the few in flight when killed are extra.
        var remainingOnDisk: [String: Int] = [:]
        for code in onDisk { remainingOnDisk[code, default: 0] += 1 }
        for code in acknowledgedCodes { remainingOnDisk[code, default: 0] -= 1 }
        #expect(remainingOnDisk.values.allSatisfy { $0 >= 0 })
        #expect(onDisk.count - acknowledgedCodes.count <= 4)
        #expect(drawn.object["remaining"] as? Int == 1040 - onDisk.count)
    }
}

actor AcknowledgedCards {
    private(set) var codes: [String] = []
    var count: Int { codes.count }
    func add(_ new: [String]) { codes += new }
}

/// A `riffle serve` child process on a free port.
struct RiffleProcess {
    let process: Process
    let baseURL: String

    /// Starts `riffle serve` and returns once it prints its start-up line (it is then accepting
    /// connections).
    ///
    /// The blocking pipe read runs on a Dispatch thread, never on Swift's cooperative pool: that
    /// pool has one thread per core (two here), and blocking them starves every other task of the
    /// test process, such as a PostgreSQL client that holds a lock the child server waits for.
    static func start(database: String) async throws -> RiffleProcess {
        let port = try freePort()
        let process = Process()
        process.executableURL = try riffleExecutable()
        process.arguments = ["serve", "--port", String(port), "--database", database, "--log-level", "warning"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let reader = output.fileHandleForReading
        try await onOwnThread {
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("serving on") {
                let chunk = reader.availableData
                if chunk.isEmpty { throw RiffleProcessError(message: "riffle serve exited before it was ready") }
                seen.append(chunk)
            }
        }
        return RiffleProcess(process: process, baseURL: "http://127.0.0.1:\(port)")
    }

    /// Sends SIGKILL without waiting (for `defer`).
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends SIGKILL and waits, on a thread of its own, until the process is gone.
    func killAndWait() async {
        kill()
        let process = process
        _ = try? await onOwnThread { process.waitUntilExit() }
    }

    /// The `riffle` binary next to the test bundle (`swift build` builds both into one folder).
    static func riffleExecutable() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("riffle")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw RiffleProcessError(message: "the riffle executable was not built next to the tests")
    }

    static func freePort() throws -> Int {
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

struct RiffleProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
