import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// A removed player's streams, and a new player who takes the same name: two people. The old
/// stream ends with the event that removed its player, so it never shows the new player's hand,
/// and it does not keep the new player online; the new player's resumed stream shows what
/// happened before they sat down as a spectator would see it.
@Suite(.stopsItsServers) struct RemovedPlayerStreamTests {
    @Test func aRemovedPlayersStreamEndsWithTheirRemoval() async throws {
        let server = try await TestServer.start { $0.presenceGrace = .seconds(60) }
        let table = try await TestTable.create(on: server.baseURL)
        _ = try await send("GET", table.deckURL + "/shuffle/")
        let alice = try await table.join("alice")
        let oldBob = try await table.join("bob")
        let path = "/api/deck/\(table.deckID)/events/"
        let oldStream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Authorization": "Bearer " + oldBob])
        }
        defer { oldStream.close() }
        _ = try await onOwnThread { try oldStream.events(atLeast: 1) }
        #expect(try await send("DELETE", table.deckURL + "/player/bob/", token: alice).status == 200)
        let heard = try await onOwnThread { try oldStream.readUntilClosed() }
        #expect(heard.map(\.kind) == ["hello", "leave"])

        // The new Bob is someone else: the old stream (its hold kept for a minute's grace) does
        // not make him online; his own stream does.
        let newBob = try await table.join("bob")
        #expect(try await table.players().map(\.online) == [false, false])
        let newStream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Authorization": "Bearer " + newBob])
        }
        defer { newStream.close() }
        let hello = try #require(try await onOwnThread { try newStream.events(atLeast: 1) }.first)
        #expect((hello.object["players"] as? [[String: Any]])?.map { $0["online"] as? Bool } == [false, true])
        #expect(try await table.players().map(\.online) == [false, true])
    }

    @Test func aNewPlayerWithAnOldNameResumingFromBeforeTheirSeatSeesNoOldHand() async throws {
        let server = try await TestServer.start { $0.presenceGrace = .zero }
        let table = try await TestTable.create(on: server.baseURL)
        _ = try await send("GET", table.deckURL + "/shuffle/")
        let alice = try await table.join("alice")
        let oldBob = try await table.join("bob")
        let watcher = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        let number = try #require(try await onOwnThread { try watcher.events(atLeast: 1) }.first?.id)
        watcher.close()
        #expect(try await send("GET", table.deckURL + "/pile/bob/deal/?count=5", token: alice).status == 200)
        let oldHand = try await send("GET", table.deckURL + "/pile/bob/list/", token: oldBob).pileCodes("bob")
        #expect(oldHand.count == 5)
        #expect(try await send("DELETE", table.deckURL + "/player/bob/", token: alice).status == 200)
        let newBob = try await table.join("bob")

        let resumed = try await onOwnThread {
            try EventStreamReader(
                port: server.port, path: "/api/deck/\(table.deckID)/events/",
                headers: ["Authorization": "Bearer " + newBob, "Last-Event-ID": String(number)])
        }
        defer { resumed.close() }
        let events = try await onOwnThread { try resumed.events(until: { $0.kind == "join" }) }
        #expect(events.map(\.kind).prefix(3) == ["deal", "leave", "join"])
        let text = events.map(\.data).joined(separator: "\n")
        for code in oldHand { #expect(!text.contains("\"" + code + "\""), "the new Bob saw \(code): \(text)") }
    }
}
