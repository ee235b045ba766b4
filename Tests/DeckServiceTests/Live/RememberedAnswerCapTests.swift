import DeckStorage
import Foundation
import GRDB
import RiffleTestSupport
import Testing

/// Remembered answers are compact and capped (issue 41, finding 3): a keyed draw of 1,000 cards
/// costs the database about a kilobyte more than the same draw without a key (it cost 99 KB), a
/// change that changed nothing is not remembered, and past a deck's cap a keyed change is refused
/// with `429` instead of an older key being forgotten.
@Suite(.stopsItsServers) struct RememberedAnswerCapTests {
    /// What one keyed `new/draw/?count=1000&deck_count=20` adds to the database beyond the same
    /// request without a key, on average over several, on each persistent backend.
    @Test(arguments: StoreBackend.persistent)
    func aKeyedDrawOfAThousandCardsCostsAtMostFourKilobytesMore(_ backend: StoreBackend) async throws {
        var growth: [Bool: Int] = [:]
        let requests = 8
        for keyed in [false, true] {
            let database = try backend.makeDatabase()
            let store = try await backend.openStore(database)
            let server = try await TestServer.start(store: store)
            do {
                func draw(_ index: Int) async throws {
                    let headers = keyed ? ["Idempotency-Key": "size-test-key-\(index)-0123456789"] : [:]
                    let answer = try await send(
                        "GET", server.baseURL + "/api/deck/new/draw/?count=1000&deck_count=20", headers: headers)
                    #expect(answer.status == 200 && answer.codes.count == 1000)
                }
                try await draw(-1)
                let before = try await Self.size(of: database, backend: backend)
                for index in 0..<requests { try await draw(index) }
                growth[keyed] = try await Self.size(of: database, backend: backend) - before
                await server.stop()
                try await store.close()
            } catch {
                await server.stop()
                try? await store.close()
                throw error
            }
        }
        let extra = ((growth[true] ?? 0) - (growth[false] ?? 0)) / requests
        #expect(extra <= 4096, "a key costs \(extra) bytes more per draw (\(growth))")
    }

    /// The bytes a database holds: an SQLite file's pages in use, or the sizes of a PostgreSQL
    /// schema's tables with their indexes and TOAST.
    static func size(of database: String, backend: StoreBackend) async throws -> Int {
        switch backend {
        case .postgres:
            let schema = try #require(database.split(separator: "schema=").last?.split(separator: "&").first)
            let total = try await runPSQL(
                """
                SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
                JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '\(schema)' AND c.relkind = 'r'
                """)
            return Int(total) ?? 0
        default:
            return try await DatabaseQueue(path: database).read { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
                return (pages - free) * pageSize
            }
        }
    }

    /// A keyed change that changed nothing is answered as if it had no key: sent again later, it
    /// runs again (it was answered again from memory, while the deck had moved on).
    @Test func aChangeThatChangedNothingIsNotRemembered() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            let key = ["Idempotency-Key": "nothing-changed-0123456789"]
            let first = try await send("GET", table.deckURL + "/return/", headers: key)
            #expect(first.status == 200 && first.object["remaining"] as? Int == 52 && !first.replayed)
            #expect(try await send("GET", table.deckURL + "/draw/?count=1").codes == ["AS"])
            let again = try await send("GET", table.deckURL + "/return/", headers: key)
            #expect(!again.replayed, "an answer that changed nothing was remembered")
            #expect(again.object["remaining"] as? Int == 52)
        }
    }

    /// Past the deck's cap of keys from the last hour, a new key is refused with `429` and
    /// `Retry-After`, and nothing changes; the keys it holds still answer, and changes without a
    /// key go on.
    @Test func pastTheDecksCapANewKeyIs429AndChangesNothing() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL, query: "?deck_count=20")
            let cap = Int(IdempotencyKey.maximumPerDeck)
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<cap {
                    group.addTask {
                        try await send(
                            "GET", table.deckURL + "/draw/?count=1",
                            headers: ["Idempotency-Key": "capped-key-\(index)-0123456789"]
                        ).status
                    }
                    if index >= 8 { #expect(try await group.next() == 200) }
                }
                for try await status in group { #expect(status == 200) }
            }
            let before = try await send("GET", table.deckURL + "/")
            #expect(before.object["remaining"] as? Int == 1040 - cap)
            let refused = try await send(
                "GET", table.deckURL + "/draw/?count=1", headers: ["Idempotency-Key": "one-key-too-many-0123456789"])
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == "60")
            #expect(refused.error?.contains("nothing was done") == true)
            let after = try await send("GET", table.deckURL + "/")
            #expect(after.etag == before.etag && after.body == before.body)
            let remembered = try await send(
                "GET", table.deckURL + "/draw/?count=1", headers: ["Idempotency-Key": "capped-key-0-0123456789"])
            #expect(remembered.status == 200 && remembered.replayed)
            #expect(try await send("GET", table.deckURL + "/draw/?count=1").status == 200)
        }
    }
}
