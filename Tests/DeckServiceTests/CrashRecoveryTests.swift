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
        try await waitUntil("150 acknowledged draws") { await acknowledged.count >= 150 }
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
