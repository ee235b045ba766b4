import DeckService
import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

/// Presence when several servers stream one table: a player is online while any server holds
/// one of their streams, and the players of a server that crashed go offline once its leases
/// expire (taken by another server, or by the same database's next server).
@Suite(.stopsItsServers) struct PresenceAcrossServersTests {
    /// Two servers on one store: Alice's stream on each. Closing one leaves her online (no event),
    /// closing the other records her offline.
    @Test func aPlayerStaysOnlineWhileEitherServerHoldsAStream() async throws {
        let store = try await StoreBackend.sqliteInMemory.makeStore()
        let first = try await TestServer.start(store: store) { $0.presenceGrace = .zero }
        let second = try await TestServer.start(store: store) { $0.presenceGrace = .zero }
        let table = try await TestTable.create(on: first.baseURL)
        let alice = try await table.join("alice")
        let path = "/api/deck/\(table.deckID)/events/"
        let watcher = try await onOwnThread { try EventStreamReader(port: first.port, path: path) }
        defer { watcher.close() }
        _ = try await onOwnThread { try watcher.events(atLeast: 1) }

        let onFirst = try await onOwnThread {
            try EventStreamReader(port: first.port, path: path, headers: ["Authorization": "Bearer " + alice])
        }
        _ = try await onOwnThread { try onFirst.events(atLeast: 1) }
        let onSecond = try await onOwnThread {
            try EventStreamReader(port: second.port, path: path, headers: ["Authorization": "Bearer " + alice])
        }
        defer { onSecond.close() }
        _ = try await onOwnThread { try onSecond.events(atLeast: 1) }
        try await waitForHolders(of: table.deckID, in: store, count: 2)

        onFirst.close()
        try await waitForHolders(of: table.deckID, in: store, count: 1)
        #expect(try await table.players().map(\.online) == [true])
        // A marker change: the watcher hears it right after Alice came online, with no
        // `offline` between.
        #expect(try await send("GET", table.deckURL + "/draw/?count=1", token: alice).status == 200)
        let heard = try await onOwnThread { try watcher.events(until: { $0.kind == "draw" }) }
        #expect(heard.map(\.kind) == ["hello", "presence", "draw"])

        onSecond.close()
        let offline = try await onOwnThread { try watcher.events(atLeast: 4) }
        #expect(offline[3].kind == "presence")
        #expect(offline[3].object["online"] as? Bool == false)
        #expect(try await table.players().map(\.online) == [false])
    }

    /// A server too slow to renew its leases, which another took meanwhile (letting go of its
    /// players): at its next renewal it finds them gone and holds its players again under a new
    /// number, so Alice, whose stream is still open, is online again.
    @Test func aServerWhoseLeasesWereTakenHoldsItsPlayersAgain() async throws {
        let store = try await StoreBackend.sqliteInMemory.makeStore()
        let server = try await TestServer.start(store: store) {
            $0.presenceGrace = .zero
            $0.presenceLease = .milliseconds(400)
        }
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let stream = try await onOwnThread {
            try EventStreamReader(
                port: server.port, path: "/api/deck/\(table.deckID)/events/",
                headers: ["Authorization": "Bearer " + alice])
        }
        defer { stream.close() }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        let first = try #require(try await store.deck(withID: table.deckID)?.table?.players.first?.presenceHolders)
        #expect(first.count == 1)

        // Another server takes every lease as expired and lets go of Alice, as it would.
        let taken = try await store.takeExpiredPresenceLeases(before: Int64.max)
        #expect(taken == [PresenceLease(server: first[0], deckID: table.deckID)])
        _ = try await store.update(deckID: table.deckID, now: 0) { deck in
            deck.releasePresence(of: "alice", tokenHash: deck.table?.players.first?.tokenHash ?? [], by: first[0])
        }
        try await waitUntil("alice held again under a new number") {
            let holders = try await store.deck(withID: table.deckID)?.table?.players.first?.presenceHolders ?? []
            return holders.count == 1 && holders != first
        }
        #expect(try await table.players().map(\.online) == [true])
    }

    /// Two `riffle serve` processes on one PostgreSQL database; the one holding Alice's stream is
    /// killed. The other takes its lease once it expires and records her offline.
    @Test func aCrashedServersPlayersGoOfflineWhenItsLeaseExpires() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let store = try await StoreBackend.postgres.openStore(database)  // creates the schema first
        let options = ["--presence-grace", "0", "--presence-lease", "1"]
        let survivor = try await RiffleProcess.start(database: database, arguments: options)
        defer { survivor.kill() }
        let crashing = try await RiffleProcess.start(database: database, arguments: options)
        defer { crashing.kill() }
        try await expectOfflineAfterCrash(of: crashing, watchedFrom: survivor, store: store)
    }

    /// One `riffle serve` on a SQLite file is killed while Alice's stream is open; the next one
    /// on the file takes the old run's lease once it expires and records her offline.
    @Test func theNextRunOnASQLiteFileRecordsTheCrashedRunsPlayersOffline() async throws {
        let database = try StoreBackend.sqliteFile.makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: database) }
        let options = ["--presence-grace", "0", "--presence-lease", "1"]
        let crashing = try await RiffleProcess.start(database: database, arguments: options)
        defer { crashing.kill() }
        let table = try await TestTable.create(on: crashing.baseURL)
        let alice = try await table.join("alice")
        let crashingPort = crashing.port
        let stream = try await onOwnThread {
            try EventStreamReader(
                port: crashingPort, path: "/api/deck/\(table.deckID)/events/",
                headers: ["Authorization": "Bearer " + alice])
        }
        defer { stream.close() }
        let hello = try #require(try await onOwnThread { try stream.events(atLeast: 1) }.first)
        #expect((hello.object["players"] as? [[String: Any]])?.first?["online"] as? Bool == true)
        let onlineAt = try #require(hello.id)
        await crashing.killAndWait()

        // The next run may take the lease before anyone watches: the watcher resumes from the
        // crashed run's last event, so it hears the `offline` whenever it was recorded.
        let next = try await RiffleProcess.start(database: database, arguments: options)
        defer { next.kill() }
        let again = TestTable(baseURL: next.baseURL, deckID: table.deckID)
        let nextPort = next.port
        let watcher = try await onOwnThread {
            try EventStreamReader(
                port: nextPort, path: "/api/deck/\(table.deckID)/events/", headers: ["Last-Event-ID": String(onlineAt)])
        }
        defer { watcher.close() }
        let heard = try await onOwnThread {
            try watcher.events(until: { $0.kind == "presence" && $0.object["online"] as? Bool == false })
        }
        #expect(heard.last?.object["player"] as? String == "alice")
        #expect(try await again.players().map(\.online) == [false])
    }

    private func expectOfflineAfterCrash(
        of crashing: RiffleProcess, watchedFrom survivor: RiffleProcess, store: any DeckStore
    ) async throws {
        let table = try await TestTable.create(on: survivor.baseURL)
        let alice = try await table.join("alice")
        let path = "/api/deck/\(table.deckID)/events/"
        let survivorPort = survivor.port
        let crashingPort = crashing.port
        let watcher = try await onOwnThread { try EventStreamReader(port: survivorPort, path: path) }
        defer { watcher.close() }
        _ = try await onOwnThread { try watcher.events(atLeast: 1) }
        let stream = try await onOwnThread {
            try EventStreamReader(port: crashingPort, path: path, headers: ["Authorization": "Bearer " + alice])
        }
        defer { stream.close() }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        let online = try await onOwnThread { try watcher.events(atLeast: 2) }
        #expect(online[1].kind == "presence" && online[1].object["online"] as? Bool == true)

        await crashing.killAndWait()
        let heard = try await onOwnThread {
            try watcher.events(until: { $0.kind == "presence" && $0.object["online"] as? Bool == false })
        }
        #expect(heard.map(\.kind) == ["hello", "presence", "presence"])
        #expect(heard.last?.object["player"] as? String == "alice")
        #expect(try await store.deck(withID: table.deckID)?.table?.players.map(\.presenceHolders) == [[]])
    }

    /// Waits until Alice (the table's only player) is held by `count` servers.
    private func waitForHolders(of deckID: String, in store: any DeckStore, count: Int) async throws {
        try await waitUntil("\(count) servers to hold alice") {
            try await store.deck(withID: deckID)?.table?.players.first?.presenceHolders.count == count
        }
    }
}
