import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// No request makes the server send or render much more than it changed (issue 41, finding 2):
/// event frames carry only what changed, the whole table staying in `hello` and `resync`, and a
/// resume sends at most its budget, then a `resync` in place of what it missed.
@Suite(.stopsItsServers) struct EventAmplificationTests {
    static func longName(_ index: Int) -> String { "pile-\(index)-" + String(repeating: "x", count: 54) }

    /// A draw on a deck of 40 long-named piles: its frame lists no pile (the piles kept their
    /// counts), a pile add lists that pile alone, and a player's leave names the hand it removed.
    @Test func aFrameCarriesOnlyWhatChanged() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            let alice = try await table.join("alice")
            let bob = try await table.join("bob")
            for index in 0..<40 {
                let path = "/pile/\(Self.longName(index))/add/?cards="
                #expect(try await send("GET", table.deckURL + path, token: alice).status == 200)
            }
            let stream = try await onOwnThread {
                try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
            }
            defer { stream.close() }
            let hello = try #require(try await onOwnThread { try stream.events(atLeast: 1) }.first)
            #expect((hello.object["piles"] as? [String: Any])?.count == 42, "hello has every pile")
            #expect(try await send("GET", table.deckURL + "/draw/?count=2", token: alice).codes == ["AS", "2S"])
            let add = "/pile/\(Self.longName(7))/add/?cards=AS"
            #expect(try await send("GET", table.deckURL + add, token: alice).status == 200)
            #expect(try await send("DELETE", table.deckURL + "/player/bob/", token: bob).status == 200)
            let events = try await onOwnThread { try stream.events(atLeast: 4) }
            #expect(events.map(\.kind) == ["hello", "draw", "pile_add", "leave"])
            let draw = events[1].object
            #expect((draw["piles"] as? [String: Any])?.isEmpty == true)
            #expect(events[1].data.utf8.count < 1_000, "\(events[1].data.utf8.count) bytes")
            let added = events[2].object["piles"] as? [String: [String: Any]]
            #expect(added?.keys.sorted() == [Self.longName(7)])
            #expect(added?[Self.longName(7)]?["remaining"] as? Int == 1)
            #expect(events[3].object["removed_piles"] as? [String] == ["bob"])
        }
    }

    /// A resume whose missed events come to more than the budget gets one `resync` instead, and so
    /// sends at most the budget and a snapshot; within the budget, it gets the events.
    @Test func aResumePastItsBudgetIsOneResync() async throws {
        let server = try await TestServer.start { $0.eventResumeBudgetBytes = 4_096 }
        do {
            let table = try await TestTable.create(on: server.baseURL)
            let path = "/api/deck/\(table.deckID)/events/"
            let watcher = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
            _ = try await onOwnThread { try watcher.events(atLeast: 1) }
            watcher.close()
            for index in 0..<60 {
                let pile = "/pile/\(Self.longName(index))/add/?cards="
                #expect(try await send("GET", table.deckURL + pile).status == 200)
            }
            let far = try await onOwnThread {
                try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": "0"])
            }
            defer { far.close() }
            let resumed = try await onOwnThread { try far.events(atLeast: 1) }
            #expect(resumed.map(\.kind) == ["resync"])
            #expect(resumed.first?.id == 60)
            // Two events back: within the budget, the events themselves.
            let near = try await onOwnThread {
                try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": "58"])
            }
            defer { near.close() }
            let missed = try await onOwnThread { try near.events(atLeast: 2) }
            #expect(missed.map(\.kind) == ["pile_add", "pile_add"])
            #expect(missed.map(\.id) == [59, 60])
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}
