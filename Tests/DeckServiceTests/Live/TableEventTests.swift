import DeckService
import Foundation
import RiffleTestSupport
import Testing

/// The events stream: order, resume, resync and bad input, on every server backend.
@Suite(.stopsItsServers) struct TableEventTests {
    @Test(arguments: StoreBackend.server) func twoSubscribersSeeTheSameSequence(backend: StoreBackend) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        let first = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        let second = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        defer {
            first.close()
            second.close()
        }
        #expect(first.status == 200)
        #expect(first.head.lowercased().contains("content-type: text/event-stream"))
        let hello = try await onOwnThread { try first.events(atLeast: 1) }
        #expect(hello.first?.kind == "hello")
        #expect(hello.first?.id == 0)
        // Two hellos: both streams are registered before the first change.
        _ = try await onOwnThread { try second.events(atLeast: 1) }

        let alice = try await table.join("alice")
        _ = try await send("GET", table.deckURL + "/pile/alice/deal/?count=3", token: alice)
        _ = try await send("GET", table.deckURL + "/draw/?count=2", token: alice)
        _ = try await send("GET", table.deckURL + "/pile/centre/add/?cards=5S", token: alice)
        _ = try await send("GET", table.deckURL + "/pile/alice/draw/?cards=2S", token: alice)
        _ = try await send("GET", table.deckURL + "/shuffle/?remaining=true", token: alice)
        let kinds = ["hello", "join", "deal", "draw", "pile_add", "pile_draw", "shuffle"]
        let seenByFirst = try await onOwnThread { try first.events(atLeast: kinds.count) }
        let seenBySecond = try await onOwnThread { try second.events(atLeast: kinds.count) }
        #expect(seenByFirst.map(\.kind) == kinds)
        #expect(seenByFirst.map(\.id) == [0, 1, 2, 3, 4, 5, 6])
        #expect(seenByFirst == seenBySecond)
        let deal = seenByFirst[2].object
        let moved = deal["moved"] as? [[String: Any]] ?? []
        #expect(moved.count == 1)
        #expect(moved.first?["from"] as? String == "deck")
        #expect(moved.first?["to"] as? String == "alice")
        #expect(moved.first?["count"] as? Int == 3)
        #expect(moved.first?["cards"] == nil)
        #expect((deal["piles"] as? [String: [String: Any]])?["alice"]?["private"] as? Bool == true)
        #expect(seenByFirst[5].object["player"] as? String == "alice")
        let played = (seenByFirst[5].object["moved"] as? [[String: Any]])?.first
        #expect((played?["cards"] as? [[String: Any]])?.first?["code"] as? String == "2S")
    }

    @Test(arguments: StoreBackend.server) func aDroppedSubscriberResumesWithoutGapsOrRepeats(
        backend: StoreBackend
    ) async throws {
        let server = try await TestServer.start(store: try await backend.makeStore())
        let table = try await TestTable.create(on: server.baseURL)
        let path = "/api/deck/\(table.deckID)/events/"
        let watcher = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        defer { watcher.close() }
        let dropped = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        _ = try await onOwnThread { try dropped.events(atLeast: 1) }
        for _ in 0..<5 { _ = try await send("GET", table.deckURL + "/pile/centre/deal/?count=1") }
        let beforeDrop = try await onOwnThread { try dropped.events(atLeast: 4) }
        dropped.close()
        let lastSeen = try #require(beforeDrop.last?.id)
        for _ in 0..<7 { _ = try await send("GET", table.deckURL + "/draw/?count=1") }

        let resumed = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": String(lastSeen)])
        }
        defer { resumed.close() }
        _ = try await send("GET", table.deckURL + "/pile/centre/shuffle/")
        let all = try await onOwnThread { try watcher.events(atLeast: 14) }
        let after = try await onOwnThread { try resumed.events(atLeast: 13 - Int(lastSeen)) }
        #expect(after.first?.kind != "hello")
        let ids = (beforeDrop + after).compactMap(\.id).filter { $0 > 0 }
        #expect(ids == Array(1...13))
        #expect(Array(after) == Array(all.filter { ($0.id ?? 0) > lastSeen }))

        // The same with `last_event_id=`, as a browser's first connection can send it.
        let byQuery = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path + "?last_event_id=10")
        }
        defer { byQuery.close() }
        #expect(try await onOwnThread { try byQuery.events(atLeast: 3) }.compactMap(\.id) == [11, 12, 13])
    }

    @Test func aShuffleIsAnEventEvenWhenNothingMoves() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL, query: "?cards=AS,KH")
        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=1").status == 200)
        // A pile of one card and a stack of one card: shuffling either cannot change anything.
        #expect(try await send("GET", table.deckURL + "/pile/centre/shuffle/").status == 200)
        #expect(try await send("GET", table.deckURL + "/shuffle/?remaining=true").status == 200)
        // Drawing no cards changes nothing and is no event: the next event is number 4.
        #expect(try await send("GET", table.deckURL + "/draw/?count=0").status == 200)
        #expect(try await send("GET", table.deckURL + "/draw/?count=1").status == 200)
        let events = try await onOwnThread { try stream.events(atLeast: 5) }
        #expect(events.map(\.kind) == ["hello", "deal", "pile_shuffle", "shuffle", "draw"])
        #expect(events.map(\.id) == [0, 1, 2, 3, 4])
        // A frame lists only the piles whose count changed: a shuffle changes none.
        #expect(events[2].object["piles"] as? [String: [String: Int]] == [:])
        #expect(events[1].object["piles"] as? [String: [String: Int]] == ["centre": ["remaining": 1]])
    }

    @Test func oldIdsGetOneResyncAndBadIdsA400() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL, query: "?deck_count=20")
        let path = "/api/deck/\(table.deckID)/events/"
        let alice = try await table.join("alice")
        for _ in 0..<650 {
            _ = try await send("GET", table.deckURL + "/draw/?count=1", token: alice)
            _ = try await send("GET", table.deckURL + "/return/", token: alice)
        }
        let old = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": "1"])
        }
        defer { old.close() }
        let events = try await onOwnThread { try old.events(atLeast: 1) }
        #expect(events.first?.kind == "resync")
        #expect(events.first?.id == 1_301)
        let recent = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": "300"])
        }
        defer { recent.close() }
        let missed = try await onOwnThread { try recent.events(atLeast: 1_001) }
        #expect(missed.compactMap(\.id) == Array(301...1_301))

        for bad in ["abc", "-1", "1.5", "", "99999999999999999999", "1302"] {
            let answer = try await onOwnThread {
                try EventStreamReader(port: server.port, path: path, headers: ["Last-Event-ID": bad])
            }
            #expect(answer.status == 400, "Last-Event-ID: \(bad)")
            answer.close()
        }
        #expect(try await send("GET", server.baseURL + path + "?last_event_id=x").status == 400)
        #expect(try await send("GET", server.baseURL + "/api/deck/aaaaaaaaaaaa/events/").status == 404)
        #expect(try await send("POST", server.baseURL + path).status == 405)
        #expect(try await send("GET", table.deckURL + "/").object["remaining"] as? Int == 1_040)
    }

    @Test func quietStreamsGetCommentLines() async throws {
        let server = try await TestServer.start { $0.eventHeartbeatInterval = .milliseconds(50) }
        let table = try await TestTable.create(on: server.baseURL)
        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        #expect(try await onOwnThread { try stream.waitForComment() })
        #expect(stream.text.contains(": keep-alive\n\n"))
    }

    @Test func aSubscriberTooSlowToKeepUpIsDisconnected() async throws {
        let server = try await TestServer.start { $0.eventSubscriberCapacity = 4 }
        let table = try await TestTable.create(on: server.baseURL, query: "?deck_count=20")
        let slow = try await EventStreamReader.notReading(port: server.port, deckID: table.deckID)
        defer { slow.close() }
        // Never read while ~8 MB of events go out (draws list their cards; returns into the
        // stack give counts only): the socket buffers fill, then the connection's bounded outbox.
        for _ in 0..<400 {
            _ = try await send("GET", table.deckURL + "/draw/?count=100")
            _ = try await send("GET", table.deckURL + "/return/")
        }
        let events = try await onOwnThread { try slow.readUntilClosed() }
        #expect(events.count < 801)
        #expect(try await send("GET", table.deckURL + "/").status == 200)
    }
}
