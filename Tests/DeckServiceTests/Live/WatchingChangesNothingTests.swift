import Foundation
import RiffleTestSupport
import Testing

/// Watching is reading: a stream on a deck without players changes none of its answers, and a
/// refused stream changes nothing at all (issue 41, finding 6).
@Suite struct WatchingChangesNothingTests {
    /// The same requests on a watched deck and on an unwatched one answer the same, up to the
    /// deck's id: a pile add with a card still in the stack moves the drawn one and ignores the
    /// other (it answered 404 and moved nothing on a watched deck), and deck info has the public
    /// API's keys only (it gained `players`, `host`, `turn` and `strict_turns`).
    @Test func aWatchedDeckWithoutPlayersAnswersAsAnUnwatchedOne() async throws {
        try await TestServer.run { server in
            let watched = try await TestTable.create(on: server.baseURL)
            let unwatched = try await TestTable.create(on: server.baseURL)
            let stream = try await onOwnThread {
                try EventStreamReader(port: server.port, path: "/api/deck/\(watched.deckID)/events/")
            }
            #expect(try await onOwnThread { try stream.events(atLeast: 1) }.map(\.kind) == ["hello"])
            stream.close()
            let script = ["/", "/draw/?count=1", "/pile/p/add/?cards=AS,KH", "/pile/p/list/", "/"]
            for path in script {
                let seen = try await send("GET", watched.deckURL + path)
                let plain = try await send("GET", unwatched.deckURL + path)
                #expect(seen.status == plain.status, "\(path)")
                #expect(
                    seen.body.replacingOccurrences(of: watched.deckID, with: "ID")
                        == plain.body.replacingOccurrences(of: unwatched.deckID, with: "ID"), "\(path)")
                #expect(seen.etag == plain.etag, "\(path)")
            }
            let info = try await send("GET", watched.deckURL + "/")
            #expect(Set(info.object.keys) == ["success", "deck_id", "remaining", "shuffled"])
            let pile = try await send("GET", watched.deckURL + "/pile/p/list/")
            #expect(pile.pileCodes("p") == ["AS"])
        }
    }

    /// A stream refused for its resume point (`Last-Event-ID: 999999`, 400), by a player, records
    /// nothing: no presence event reaches a watcher, the change number stays, and the next change
    /// is numbered right after the watcher's `hello`.
    @Test func aRefusedStreamChangesNothing() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            let alice = try await table.join("alice")
            let path = "/api/deck/\(table.deckID)/events/"
            let watcher = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
            defer { watcher.close() }
            let hello = try #require(try await onOwnThread { try watcher.events(atLeast: 1) }.first)
            let before = try await send("GET", table.deckURL + "/")
            for headers in [["Last-Event-ID": "999999"], ["Last-Event-ID": "x"]] {
                let refused = try await onOwnThread {
                    try EventStreamReader(
                        port: server.port, path: path,
                        headers: headers.merging(["Authorization": "Bearer " + alice]) {
                            $1
                        })
                }
                #expect(refused.status == 400)
                refused.close()
            }
            let after = try await send("GET", table.deckURL + "/")
            #expect(after.etag == before.etag)
            #expect(after.body == before.body)
            #expect(try await send("GET", table.deckURL + "/draw/?count=1", token: alice).status == 200)
            let events = try await onOwnThread { try watcher.events(atLeast: 2) }
            #expect(events.map(\.kind) == ["hello", "draw"])
            #expect(events.map(\.id) == [hello.id, hello.id.map { $0 + 1 }])
        }
    }
}
