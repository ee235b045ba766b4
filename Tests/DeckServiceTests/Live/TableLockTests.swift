import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// No one fills a table (issue 41, finding 5): the host may lock it, and one address seats only
/// so many players at one table.
@Suite(.stopsItsServers) struct TableLockTests {
    @Test func aLockedTableTakesNoNewPlayerAndOnlyTheHostLocksIt() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            let alice = try await table.join("alice")
            let bob = try await table.join("bob")
            let lock = table.deckURL + "/lock/"
            #expect(try await sendForm(lock, form: [("locked", "true")], token: bob).status == 403)
            #expect(try await sendForm(lock, form: [("locked", "maybe")], token: alice).status == 400)
            #expect(try await send("GET", lock + "?locked=true", token: alice).status == 405)
            let stream = try await onOwnThread {
                try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
            }
            defer { stream.close() }
            _ = try await onOwnThread { try stream.events(atLeast: 1) }
            let locked = try await sendForm(lock, form: [("locked", "true")], token: alice)
            #expect(locked.status == 200 && locked.object["locked"] as? Bool == true)
            let before = try await send("GET", table.deckURL + "/")
            #expect(before.object["locked"] as? Bool == true)
            let refused = try await send("POST", table.deckURL + "/player/mallory/")
            #expect(refused.status == 403)
            #expect(refused.error?.contains("locked") == true)
            #expect(refused.object["token"] == nil)
            let after = try await send("GET", table.deckURL + "/")
            #expect(after.etag == before.etag && after.body == before.body)
            // Players still leave a locked table; unlocked, it seats again.
            #expect(try await send("DELETE", table.deckURL + "/player/bob/", token: bob).status == 200)
            #expect(try await sendForm(lock, form: [("locked", "false")], token: alice).status == 200)
            #expect(try await send("POST", table.deckURL + "/player/carol/").status == 200)
            let events = try await onOwnThread { try stream.events(atLeast: 5) }
            #expect(events.map(\.kind) == ["hello", "lock", "leave", "lock", "join"])
            #expect(events[1].object["locked"] as? Bool == true)
        }
    }

    @Test func oneAddressSeatsOnlySoManyPlayersAtATable() async throws {
        let server = try await TestServer.start { $0.limits.maximumJoinsPerClientPerTable = 3 }
        do {
            let table = try await TestTable.create(on: server.baseURL)
            for name in ["a1", "a2", "a3"] { _ = try await table.join(name) }
            let before = try await send("GET", table.deckURL + "/")
            let refused = try await send("POST", table.deckURL + "/player/a4/")
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == "60")
            #expect(refused.object["token"] == nil)
            let after = try await send("GET", table.deckURL + "/")
            #expect(after.etag == before.etag && after.body == before.body)
            // Another table is another count.
            let other = try await TestTable.create(on: server.baseURL)
            #expect(try await send("POST", other.deckURL + "/player/a4/").status == 200)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}
