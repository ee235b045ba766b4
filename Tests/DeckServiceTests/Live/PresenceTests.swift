import DeckService
import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

/// Presence over real HTTP: a player's own event stream makes them online (a `presence` event and
/// deck info's `online`), closing it records them offline (here with no grace period); a
/// spectator's stream, or a stream with another deck's token, makes nobody online.
@Suite(.stopsItsServers) struct PresenceTests {
    @Test func aPlayersStreamMakesThemOnlineAndClosingItOffline() async throws {
        let server = try await TestServer.start { $0.presenceGrace = .zero }
        let table = try await TestTable.create(on: server.baseURL)
        _ = try await table.join("alice")
        let bob = try #require(try await table.join("bob", displayName: "Bob <i>").object["token"] as? String)
        let watcher = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { watcher.close() }
        let hello = try #require(try await onOwnThread { try watcher.events(atLeast: 1) }.first)
        #expect((hello.object["players"] as? [[String: Any]])?.map { $0["online"] as? Bool } == [false, false])

        let bobStream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/?token=\(bob)")
        }
        // Bob's own opening already shows him online.
        let bobHello = try #require(try await onOwnThread { try bobStream.events(atLeast: 1) }.first)
        #expect((bobHello.object["players"] as? [[String: Any]])?.map { $0["online"] as? Bool } == [false, true])
        let online = try await onOwnThread { try watcher.events(atLeast: 2) }
        #expect(online[1].kind == "presence")
        #expect(online[1].object["player"] as? String == "bob")
        #expect(online[1].object["online"] as? Bool == true)
        #expect((online[1].object["players"] as? [[String: Any]])?.map { $0["online"] as? Bool } == [false, true])
        #expect(online[1].id == (hello.id ?? -1) + 1)
        #expect(try await table.players().map(\.online) == [false, true])

        bobStream.close()
        let offline = try await onOwnThread { try watcher.events(atLeast: 3) }
        #expect(offline[2].kind == "presence")
        #expect(offline[2].object["online"] as? Bool == false)
        #expect(try await table.players().map(\.online) == [false, false])
    }

    @Test func spectatorsAndForeignTokensMakeNobodyOnline() async throws {
        let server = try await TestServer.start { $0.presenceGrace = .zero }
        let table = try await TestTable.create(on: server.baseURL)
        let other = try await TestTable.create(on: server.baseURL)
        _ = try await table.join("alice")
        let foreign = try await other.join("alice")
        let before = try await send("GET", table.deckURL + "/").etag
        let spectator = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { spectator.close() }
        _ = try await onOwnThread { try spectator.events(atLeast: 1) }
        let refused = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/?token=\(foreign)")
        }
        #expect(refused.status == 401)
        refused.close()
        // Alice of the other deck is online there, and only there.
        let alice = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(other.deckID)/events/?token=\(foreign)")
        }
        defer { alice.close() }
        let hello = try #require(try await onOwnThread { try alice.events(atLeast: 1) }.first)
        #expect((hello.object["players"] as? [[String: Any]])?.first?["online"] as? Bool == true)
        #expect(try await send("GET", table.deckURL + "/").etag == before)
        #expect(try await table.players().map(\.online) == [false])
    }

    @Test func aServerThatStopsLeavesNobodyOnline() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/?token=\(alice)")
        }
        defer { stream.close() }
        let hello = try #require(try await onOwnThread { try stream.events(atLeast: 1) }.first)
        #expect((hello.object["players"] as? [[String: Any]])?.first?["online"] as? Bool == true)
        await server.stop()
        let stored = try #require(try await server.store.deck(withID: table.deckID))
        #expect(stored.table?.players.map(\.online) == [false])
    }
}
