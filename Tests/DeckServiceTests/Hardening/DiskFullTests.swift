import DeckStorage
import DeckStores
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An SQLite store on a full disk: writes are answered 503 JSON, reads go on, writes resume once
/// space returns, and no acknowledged change is lost. The disk is a 1 MiB tmpfs, which needs root
/// (CI runs as root); elsewhere the test fails saying so rather than skip.
@Suite(.stopsItsServers) struct DiskFullTests {
    @Test func aFullDiskRefusesWritesWith503KeepsReadsAndLosesNothing() async throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-diskfull-\(UUID())")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        try await run("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "riffle-diskfull", mountPoint.path)
        defer { _ = try? runBlocking("/bin/umount", mountPoint.path) }
        let database = mountPoint.appendingPathComponent("riffle.sqlite").path
        let filler = mountPoint.appendingPathComponent("filler").path

        let store = try await DeckStoreDatabase.open(database)
        let server = try await TestServer.start(store: store)
        let session = makeTestSession()
        let base = server.baseURL + "/api/deck/"
        // Acknowledged state: deck id → cards remaining.
        var acknowledged: [String: Int] = [:]
        let first = try await httpGetJSON(base + "new/shuffle/?deck_count=20", session: session)
        let firstID = try #require(first.object["deck_id"] as? String)
        let drawn = try await httpGetJSON(base + firstID + "/draw/?count=5", session: session)
        #expect(drawn.status == 200)
        acknowledged[firstID] = 20 * 52 - 5

        // Fill the disk, then write until the store refuses.
        try await onOwnThread { try fillDisk(path: filler) }
        var refusal: (status: Int, object: [String: Any])?
        for _ in 0..<2_000 {
            let created = try await httpGetJSON(base + "new/shuffle/?deck_count=20", session: session)
            if created.status == 200, let id = created.object["deck_id"] as? String {
                acknowledged[id] = 20 * 52
                continue
            }
            refusal = created
            break
        }
        let refused = try #require(refusal, "the store kept accepting writes on a full disk")
        #expect(refused.status == 503)
        #expect(refused.object["success"] as? Bool == false)
        #expect((refused.object["error"] as? String)?.isEmpty == false)
        let refusedDraw = try await httpGetJSON(base + firstID + "/draw/?count=1", session: session)
        #expect(refusedDraw.status == 503 || refusedDraw.status == 200)
        if refusedDraw.status == 200 { acknowledged[firstID, default: 0] -= 1 }

        // Reads go on.
        let read = try await httpGetJSON(base + firstID + "/", session: session)
        #expect(read.status == 200 && read.object["remaining"] as? Int == acknowledged[firstID])

        // Space returns: writes resume.
        try FileManager.default.removeItem(atPath: filler)
        let resumed = try await httpGetJSON(base + firstID + "/draw/?count=2", session: session)
        #expect(resumed.status == 200, "writes did not resume: \(resumed.object)")
        if resumed.status == 200 { acknowledged[firstID, default: 0] -= 2 }
        let createdAfter = try await httpGetJSON(base + "new/", session: session)
        #expect(createdAfter.status == 200)
        if let id = createdAfter.object["deck_id"] as? String { acknowledged[id] = 52 }

        // Nothing lost, through the server and after closing and reopening the file.
        for (id, remaining) in acknowledged {
            let deck = try await httpGetJSON(base + id + "/", session: session)
            #expect(deck.object["remaining"] as? Int == remaining, "deck \(id)")
        }
        await server.stop()
        try await store.close()
        let reopened = try await DeckStoreDatabase.open(database)
        for (id, remaining) in acknowledged {
            #expect(try await reopened.deck(withID: id)?.remaining == remaining, "deck \(id) after reopening")
        }
        try await reopened.close()
        #expect(acknowledged.count >= 2)  // the deck from before the disk filled and the one after
    }
}

/// Writes zeros to `path` until the file system is full.
private func fillDisk(path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw CommandFailed(command: "open " + path, status: errno) }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0, count: 4096)
    while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    guard errno == ENOSPC else { throw CommandFailed(command: "filling " + path, status: errno) }
}

private struct CommandFailed: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    var description: String {
        "\(command) failed (\(status)); the disk-full test mounts a tmpfs and so must run as root, as CI does"
    }
}

private func run(_ arguments: String...) async throws {
    try await onOwnThread { try runBlocking(arguments) }
}

private func runBlocking(_ arguments: String...) throws {
    try runBlocking(arguments)
}

private func runBlocking(_ arguments: [String]) throws {
    let status = try ChildProcess.spawn(arguments[0], Array(arguments.dropFirst()), capturingOutput: false)
        .waitUntilExit()
    guard status == 0 else { throw CommandFailed(command: arguments.joined(separator: " "), status: status) }
}
