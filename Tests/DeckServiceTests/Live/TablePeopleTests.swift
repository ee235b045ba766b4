import Foundation
import RiffleTestSupport
import Testing

/// A live table's people over real HTTP (issue 32): display names in any script, renaming, seats
/// the host reorders, and the turn marker with strict turns. Each is a deck change (change number,
/// event, `Idempotency-Key`, `If-Match`) that only the right token may make.
@Suite(.stopsItsServers) struct TablePeopleTests {
    /// The deck's change number, from the `ETag` of its info.
    private func changeNumber(_ table: TestTable) async throws -> String {
        try await send("GET", table.deckURL + "/").etag ?? "none"
    }

    @Test func displayNamesInAnyScriptAreTextAndInvisibleCharactersAreRefused() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        for (name, sent, shown) in [
            ("jose", "José", "José"), ("yamada", "山田", "山田"), ("zoe", "  Zoë\t", "Zoë"),
            ("markup", "<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"),
            ("thirtytwo", String(repeating: "é", count: 32), String(repeating: "é", count: 32)),
        ] {
            let joined = try await table.join(name, displayName: sent)
            #expect(joined.status == 200, "\(sent): \(joined.body)")
            #expect(joined.object["display_name"] as? String == shown)
        }
        let plain = try await send("POST", table.deckURL + "/player/plain/")
        #expect(plain.object["display_name"] as? String == "plain")
        let players = try await table.players()
        #expect(
            players.map(\.displayName) == [
                "José", "山田", "Zoë", "<img src=x onerror=alert(1)>",
                String(repeating: "é", count: 32), "plain",
            ])
        #expect(players.map(\.seat) == Array(0..<6))
        #expect(players.allSatisfy { !$0.online })

        let before = try await changeNumber(table)
        for (refused, says) in [
            ("a\u{200B}b", "U+200B"), ("bell\u{07}", "U+0007"), ("\u{202E}evil", "U+202E"), ("x\u{FFFD}", "U+FFFD"),
            ("private\u{E000}", "U+E000"), ("line\u{2028}two", "U+2028"), ("nul\u{0}", "U+0000"),
            ("   ", "empty"), (String(repeating: "a", count: 33), "at most 32"),
            ("e" + String(repeating: "\u{301}", count: 300), "bytes"),
        ] {
            let answer = try await table.join("refused", displayName: refused)
            #expect(answer.status == 400, "\(says)")
            #expect(answer.error?.contains(says) == true, "\(answer.body)")
            #expect(answer.object["token"] == nil)
        }
        #expect(try await changeNumber(table) == before)
        #expect(try await table.players().count == 6)
    }

    @Test func renamingIsThePlayersOwnOrTheHostsAndIsAnEvent() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        let carol = try await table.join("carol")
        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        let hello = try #require(try await onOwnThread { try stream.events(atLeast: 1) }.first)
        let helloPlayers = hello.object["players"] as? [[String: Any]] ?? []
        #expect(helloPlayers.map { $0["display_name"] as? String } == ["alice", "bob", "carol"])
        #expect(hello.object["host"] as? String == "alice")
        #expect(hello.object.keys.contains("turn"))
        #expect(hello.object["strict_turns"] as? Bool == false)

        let rename = table.deckURL + "/player/bob/rename/"
        let before = try await changeNumber(table)
        #expect(try await sendForm(rename, form: [("display_name", "Bobby")]).status == 401)
        #expect(try await sendForm(rename, form: [("display_name", "Bobby")], token: carol).status == 403)
        #expect(try await sendForm(rename, form: [("display_name", "Bo\u{200D}b")], token: bob).status == 400)
        #expect(try await sendForm(rename, form: [], token: bob).status == 400)
        #expect(try await send("GET", rename + "?display_name=Bobby", token: bob).status == 405)
        #expect(
            try await sendForm(table.deckURL + "/player/dave/rename/", form: [("display_name", "D")], token: alice)
                .status == 404)
        #expect(try await changeNumber(table) == before)

        let own = try await sendForm(rename, form: [("display_name", "Bobby")], token: bob)
        #expect(own.status == 200)
        #expect((own.object["players"] as? [[String: Any]])?[1]["display_name"] as? String == "Bobby")
        let byHost = try await sendForm(rename, form: [("display_name", "Robert")], token: alice)
        #expect(byHost.status == 200)
        #expect(try await table.players().map(\.displayName) == ["alice", "Robert", "carol"])

        let events = try await onOwnThread { try stream.events(atLeast: 3) }
        #expect(events.map(\.kind) == ["hello", "rename", "rename"])
        let renamed = events[2].object
        #expect(renamed["player"] as? String == "bob")
        #expect(
            (renamed["players"] as? [[String: Any]])?.map { $0["display_name"] as? String }
                == ["alice", "Robert", "carol"])
        #expect(renamed["turn"] == nil)
    }

    @Test func theHostReordersTheSeatsWithAPermutationAndStaysHost() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        _ = try await table.join("carol")
        let seats = table.deckURL + "/seats/"
        let before = try await changeNumber(table)
        #expect(try await sendForm(seats, form: [("order", "carol,bob,alice")]).status == 401)
        #expect(try await sendForm(seats, form: [("order", "carol,bob,alice")], token: bob).status == 403)
        for order in ["carol,bob", "carol,bob,alice,alice", "carol,bob,dave", "carol,bob,bob", "", "carol,,bob"] {
            let answer = try await sendForm(seats, form: [("order", order)], token: alice)
            #expect(answer.status == 400, "\(order)")
        }
        #expect(try await sendForm(seats, form: [], token: alice).status == 400)
        #expect(try await changeNumber(table) == before)

        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        let moved = try await sendForm(seats, form: [("order", "carol,bob,alice")], token: alice)
        #expect(moved.status == 200)
        #expect(moved.object["host"] as? String == "alice")
        #expect(try await table.players().map(\.name) == ["carol", "bob", "alice"])
        #expect(try await send("GET", table.deckURL + "/").object["host"] as? String == "alice")
        // The host is still the one who starts a new round.
        #expect(try await send("GET", table.deckURL + "/shuffle/", token: alice).status == 200)
        let events = try await onOwnThread { try stream.events(atLeast: 3) }
        #expect(events.map(\.kind) == ["hello", "seats", "shuffle"])
        #expect((events[1].object["players"] as? [[String: Any]])?.map { $0["seat"] as? Int } == [0, 1, 2])
        #expect(events[1].object["host"] as? String == "alice")
        #expect(events[2].object["players"] == nil)
        // When the host leaves, the next in seat order hosts: after alice (last seat), carol.
        #expect(try await send("DELETE", table.deckURL + "/player/alice/", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/").object["host"] as? String == "carol")
    }

    @Test func theTurnPassesAndStrictTurnsRefuseOthersCardMoves() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bobJoin = try await table.join("bob", displayName: "Bob <b>")
        let bob = try #require(bobJoin.object["token"] as? String)
        let carol = try await table.join("carol")
        let turn = table.deckURL + "/turn/"
        #expect(try await send("GET", table.deckURL + "/").object["turn"] is NSNull)
        #expect(try await sendForm(turn, form: [("to", "bob")]).status == 401)
        #expect(try await sendForm(turn, form: [("to", "bob")], token: carol).status == 403)
        #expect(try await sendForm(turn, form: [("strict", "true")], token: carol).status == 403)
        #expect(try await sendForm(turn, form: [("to", "dave")], token: alice).status == 404)
        #expect(try await sendForm(turn, form: [("strict", "maybe")], token: alice).status == 400)
        #expect(try await sendForm(turn, form: [], token: alice).status == 400)

        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        let set = try await sendForm(turn, form: [("to", "bob"), ("strict", "true")], token: alice)
        #expect(set.status == 200)
        #expect(set.object["turn"] as? String == "bob")
        #expect(set.object["strict_turns"] as? Bool == true)

        // Strict: only Bob moves cards; the others hear whose turn it is, and nothing changes.
        let before = try await changeNumber(table)
        for (path, token) in [
            ("/draw/", carol), ("/pile/centre/deal/?count=1", alice), ("/shuffle/?remaining=true", carol),
            ("/pile/carol/deal/?count=1", carol),
        ] {
            let refused = try await send("GET", table.deckURL + path, token: token)
            #expect(refused.status == 409, "\(path)")
            #expect(refused.error == "It is Bob <b>'s turn.")
        }
        #expect(try await send("GET", table.deckURL + "/draw/").status == 401)
        #expect(try await changeNumber(table) == before)
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=1", token: bob).status == 200)
        // Carol may not pass Bob's turn on; Bob may.
        #expect(try await sendForm(turn, form: [("to", "next")], token: carol).status == 403)
        let passed = try await sendForm(turn, form: [("to", "next")], token: bob)
        #expect(passed.object["turn"] as? String == "carol")
        #expect(try await send("GET", table.deckURL + "/draw/", token: carol).status == 200)
        // The host's administration is never refused for turns; joining neither.
        #expect(try await send("GET", table.deckURL + "/shuffle/", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/").object["turn"] as? String == "carol")
        let dave = try await table.join("dave")
        #expect(
            try await sendForm(table.deckURL + "/seats/", form: [("order", "alice,carol,bob,dave")], token: alice)
                .status == 200)
        // Carol leaves holding the turn: it passes to the next seat, Bob.
        #expect(try await send("DELETE", table.deckURL + "/player/carol/", token: carol).status == 200)
        #expect(try await send("GET", table.deckURL + "/").object["turn"] as? String == "bob")
        #expect(try await send("GET", table.deckURL + "/draw/", token: dave).status == 409)
        #expect(try await sendForm(turn, form: [("to", "none")], token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/draw/", token: dave).status == 200)

        let events = try await onOwnThread { try stream.events(atLeast: 11) }
        #expect(
            events.map(\.kind) == [
                "hello", "turn", "deal", "turn", "draw", "shuffle", "join", "seats", "leave", "turn", "draw",
            ])
        let first = events[1].object
        #expect(first["turn"] as? String == "bob")
        #expect(first["strict_turns"] as? Bool == true)
        #expect(first["players"] == nil)
        #expect(events[2].object["turn"] == nil)
        let leave = events[8].object
        #expect(leave["turn"] as? String == "bob")
        #expect((leave["players"] as? [[String: Any]])?.map { $0["name"] as? String } == ["alice", "bob", "dave"])
    }

    @Test func tableChangesAreDeckChangesOnceAndWithIfMatch() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        // A deck without players: its info gains nothing, and its table endpoints have nobody to act on.
        let plainInfo = try await send("GET", table.deckURL + "/").object
        #expect(Set(plainInfo.keys) == ["success", "deck_id", "remaining", "shuffled"])
        #expect(try await sendForm(table.deckURL + "/turn/", form: [("strict", "true")]).status == 409)
        #expect(try await sendForm(table.deckURL + "/seats/", form: [("order", "a")]).status == 409)

        let alice = try await table.join("alice")
        let key = ["Idempotency-Key": "rename-0123456789abcdef"]
        let rename = table.deckURL + "/player/alice/rename/"
        let first = try await sendForm(rename, form: [("display_name", "Al")], token: alice, headers: key)
        #expect(first.status == 200)
        let again = try await sendForm(rename, form: [("display_name", "Al")], token: alice, headers: key)
        #expect(again.replayed)
        #expect(again.body == first.body)
        #expect(again.etag == first.etag)
        let other = try await sendForm(rename, form: [("display_name", "Ally")], token: alice, headers: key)
        #expect(other.status == 422)
        let stale = try await sendForm(
            rename, form: [("display_name", "Ally")], token: alice, headers: ["If-Match": "\"0\""])
        #expect(stale.status == 412)
        #expect(try await changeNumber(table) == first.etag)
        let current = try await sendForm(
            table.deckURL + "/turn/", form: [("to", "next")], token: alice, headers: ["If-Match": first.etag ?? ""])
        #expect(current.status == 200)
        #expect(current.object["turn"] as? String == "alice")
        #expect(try await changeNumber(table) != first.etag)
    }
}
