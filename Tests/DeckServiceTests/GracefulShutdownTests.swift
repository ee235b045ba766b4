import DeckStorage
import DeckStores
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `riffle serve` stopped with SIGTERM exits cleanly, its database closed and every change kept.
@Suite struct GracefulShutdownTests {
    @Test func sigtermExitsCleanlyWithTheDatabaseClosedAndEveryChangeKept() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-shutdown-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("riffle.sqlite").path
        let server = try await RiffleProcess.start(database: database)
        defer { server.kill() }
        let session = makeTestSession()
        let created = try await httpGetJSON(server.baseURL + "/api/deck/new/shuffle/", session: session)
        let id = try #require(created.object["deck_id"] as? String)
        let drawn = try await httpGetJSON(server.baseURL + "/api/deck/\(id)/draw/?count=3", session: session)
        #expect(drawn.status == 200)
        #expect(FileManager.default.fileExists(atPath: database + "-wal"), "the store writes ahead while open")

        kill(server.process.processIdentifier, SIGTERM)
        let process = server.process
        // 0: it exited by itself with success (a signal would give 128 + the signal).
        #expect(try await onOwnThread { process.waitUntilExit() } == 0)
        // SQLite removes the write-ahead log when its last connection closes: no connection was left
        // open at exit (a process killed mid-way leaves it behind).
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        let reopened = try await DeckStoreDatabase.open(database)
        #expect(try await reopened.deck(withID: id)?.remaining == 49)
        try await reopened.close()
    }
}
