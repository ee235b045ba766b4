import Foundation
import RiffleTestSupport
import Testing

/// Two `riffle serve` processes on one PostgreSQL database: a change made through one reaches the
/// event subscribers of the other, in order, with hidden cards hidden, also after the LISTEN
/// connection of the subscribers' server has dropped.
@Suite struct LiveTablePostgresTests {
    @Test func aChangeOnOneServerReachesASubscriberOfTheOther() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        _ = try await StoreBackend.postgres.openStore(database)  // creates the schema first
        let first = try await RiffleProcess.start(database: database)
        defer { first.kill() }
        let second = try await RiffleProcess.start(database: database)
        defer { second.kill() }
        let table = try await TestTable.create(on: first.baseURL)
        let alice = try await table.join("alice")
        let secondPort = try #require(Int(second.baseURL.split(separator: ":").last ?? ""))
        let path = "/api/deck/\(table.deckID)/events/"
        // The owner's stream first: it makes Alice online (change 2) before the spectator's hello.
        let owner = try await onOwnThread { try EventStreamReader(port: secondPort, path: path + "?token=" + alice) }
        defer { owner.close() }
        #expect(try await onOwnThread { try owner.events(atLeast: 1) }.first?.kind == "hello")
        let spectator = try await onOwnThread { try EventStreamReader(port: secondPort, path: path) }
        defer { spectator.close() }
        #expect(try await onOwnThread { try spectator.events(atLeast: 1) }.first?.kind == "hello")

        let dealt = try await send("GET", table.deckURL + "/pile/alice/deal/?count=4", token: alice)
        let hand = dealt.codes
        #expect(hand.count == 4)
        _ = try await send("GET", table.deckURL + "/pile/alice/draw/?cards=" + hand[0], token: alice)
        let seen = try await onOwnThread { try spectator.events(atLeast: 3) }
        #expect(seen.map(\.kind) == ["hello", "deal", "pile_draw"])
        #expect(seen.map(\.id) == [2, 3, 4])
        #expect(revealedCodes(in: spectator.text, of: Array(hand.dropFirst())).isEmpty)
        #expect(revealedCodes(in: seen[2].data, of: [hand[0]]) == [hand[0]])
        let ownerSeen = try await onOwnThread { try owner.events(atLeast: 3) }
        #expect(revealedCodes(in: ownerSeen[1].data, of: hand).count == 4)
    }

    // A listener that never reconnects leaves the reader waiting: each wait for an event is bounded
    // (EventStreamReader.eventWaitLimit, from the change that causes it), and says what did not arrive.
    // Starting the two servers is not part of any limit.
    @Test func aSubscriberHearsChangesAfterTheServersListenConnectionDrops() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        _ = try await StoreBackend.postgres.openStore(database)
        let first = try await RiffleProcess.start(database: database)
        defer { first.kill() }
        let second = try await RiffleProcess.start(database: database)
        defer { second.kill() }
        let table = try await TestTable.create(on: first.baseURL)
        let secondPort = try #require(Int(second.baseURL.split(separator: ":").last ?? ""))
        let spectator = try await onOwnThread {
            try EventStreamReader(port: secondPort, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { spectator.close() }
        #expect(try await onOwnThread { try spectator.events(atLeast: 1) }.first?.kind == "hello")

        // Cut the second server's LISTEN connection, as a database restart or a network fault would.
        let ports = localTCPPorts(ofProcess: second.process.processIdentifier).map(String.init).sorted()
        let cut = try await runPSQL(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'"
                + " AND client_port IN (\(ports.joined(separator: ",")))")
        #expect(cut == "1")
        // A change made while the server is listening again (or still reconnecting: it then catches
        // up) reaches its subscriber, and so does the next one.
        _ = try await send("GET", table.deckURL + "/draw/?count=2")
        #expect(try await onOwnThread { try spectator.events(atLeast: 2) }.map(\.kind) == ["hello", "draw"])
        _ = try await send("GET", table.deckURL + "/draw/?count=1")
        let seen = try await onOwnThread { try spectator.events(atLeast: 3) }
        #expect(seen.map(\.kind) == ["hello", "draw", "draw"])
        let opening = try #require(seen[0].id)
        #expect(seen.map(\.id) == [opening, opening + 1, opening + 2])
    }
}
