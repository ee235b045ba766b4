import Foundation
import Logging
import RiffleTestSupport
import Synchronization
import Testing

/// A token never reaches the server's log output, at any level, whichever way it is sent.
@Suite(.stopsItsServers) struct TokenLoggingTests {
    @Test func tokensNeverAppearInTraceLogs() async throws {
        let lines = LogLines()
        var logger = Logger(label: "riffle-trace-test") { label in CapturingLogHandler(label: label, lines: lines) }
        logger.logLevel = .trace
        let server = try await TestServer.start(logger: logger)
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let other = try await TestTable.create(on: server.baseURL).join("carol")
        let unknown = String(repeating: "Q", count: 43)
        for token in [alice, other, unknown] {
            _ = try await send("GET", table.deckURL + "/pile/alice/deal/?count=2", token: token)
            _ = try await send("GET", table.deckURL + "/pile/alice/list/", token: token)
            _ = try await send("GET", table.deckURL + "/pile/alice/draw/?count=99", token: token)
            _ = try await send("GET", table.deckURL + "/events/?token=" + token + "&last_event_id=x")
            _ = try await send("GET", table.deckURL + "/nowhere/?token=" + token, token: token)
        }
        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/?token=" + alice)
        }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        stream.close()
        _ = try await send("GET", server.baseURL + "/metrics")
        let logged = lines.all
        #expect(logged.count > 10, "the capture must see the request log lines")
        for token in [alice, other, unknown] {
            #expect(!logged.contains { $0.contains(token) })
        }
        let metrics = try await send("GET", server.baseURL + "/metrics")
        #expect(!metrics.body.contains(alice))
    }
}

/// Every formatted log line, with its metadata.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

struct CapturingLogHandler: LogHandler {
    let label: String
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.append("\(event.level) \(label) \(event.message) \(merged) \(event.source) \(event.file)")
    }
}
