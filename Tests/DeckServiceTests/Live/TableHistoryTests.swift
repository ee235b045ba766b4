import Foundation
import RiffleTestSupport
import Testing

/// The table's history (`GET /api/deck/<id>/history/`) against the streams: for every viewer (the host, another
/// player, a spectator) the history equals, event for event and byte for byte of its data, what that viewer's event
/// stream showed while the round was played, page after page. A departed player's token learns nothing, and a new
/// player of the same name sees what happened before their seat as a spectator does.
@Suite(.stopsItsServers) struct TableHistoryTests {
    /// One event as a viewer was shown it: number, kind, and the data as a canonical JSON text.
    struct Shown: Equatable, CustomStringConvertible {
        let id: Int64
        let kind: String
        let data: String
        var description: String { "\(id) \(kind) \(data)" }
    }

    static func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Every page of the history after `after`, `limit` events a page, as `token`'s holder is shown it.
    /// With `round`, only that round's events (`round=N`); `rounds` collects each page's `round` object.
    static func history(
        _ table: TestTable, token: String?, after: Int64, limit: Int, round: Int? = nil,
        rounds: inout [[String: Any]]
    ) async throws -> [Shown] {
        var shown: [Shown] = []
        var cursor = after
        while true {
            let query = "after=\(cursor)&limit=\(limit)" + (round.map { "&round=\($0)" } ?? "")
            let page = try await send("GET", table.deckURL + "/history/?" + query, token: token)
            if let object = page.object["round"] as? [String: Any] { rounds.append(object) }
            guard page.status == 200 else { throw TableTestError("history: \(page.status) \(page.body)") }
            let events = try #require(page.object["events"] as? [[String: Any]])
            #expect(events.count <= limit)
            for event in events {
                shown.append(
                    Shown(
                        id: Int64(try #require(event["id"] as? Int)), kind: try #require(event["event"] as? String),
                        data: try canonical(try #require(event["data"]))))
            }
            guard page.object["more"] as? Bool == true, let last = shown.last?.id else { return shown }
            cursor = last
        }
    }

    static func history(_ table: TestTable, token: String?, after: Int64, limit: Int) async throws -> [Shown] {
        var rounds: [[String: Any]] = []
        return try await history(table, token: token, after: after, limit: limit, rounds: &rounds)
    }

    static func shown(_ events: [EventStreamReader.Event]) throws -> [Shown] {
        try events.map {
            Shown(
                id: try #require($0.id), kind: $0.kind,
                data: try canonical(try JSONSerialization.jsonObject(with: Data($0.data.utf8))))
        }
    }

    @Test func everyViewersHistoryIsWhatTheirStreamShowed() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let ana = try await table.join("ana")
        let bo = try await table.join("bo")
        let viewers: [(name: String, token: String?)] = [("ana", ana), ("bo", bo), ("spectator", nil)]
        var opened: [EventStreamReader] = []
        for viewer in viewers {
            let headers = viewer.token.map { ["Authorization": "Bearer " + $0] } ?? [:]
            let stream = try await onOwnThread {
                try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/", headers: headers)
            }
            opened.append(stream)
        }
        let streams = opened
        defer { for stream in streams { stream.close() } }
        let hellos = try await onOwnThread { try streams.map { try $0.events(atLeast: 1)[0] } }
        let start = try #require(hellos.compactMap(\.id).max())

        // A round: the host shuffles, each player is dealt a hidden hand, a card is drawn for all to see, one card
        // of a hand goes to the centre, a hand is shuffled.
        var last = try await send("GET", table.deckURL + "/shuffle/", token: ana)
        for (name, token) in [("ana", ana), ("bo", bo)] {
            last = try await send("GET", table.deckURL + "/pile/\(name)/deal/?count=3", token: token)
            #expect(last.status == 200)
        }
        last = try await send("GET", table.deckURL + "/draw/?count=1", token: bo)
        let hand = try await send("GET", table.deckURL + "/pile/ana/list/", token: ana).pileCodes("ana")
        last = try await send(
            "GET", table.deckURL + "/pile/centre/add/?from=ana&cards=" + (hand.first ?? ""), token: ana)
        #expect(last.status == 200)
        last = try await send("GET", table.deckURL + "/pile/bo/shuffle/", token: bo)
        let end = try #require(last.etag.flatMap { Int64($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) })

        for (index, viewer) in viewers.enumerated() {
            let streamed = try await onOwnThread {
                try streams[index].events(until: { $0.id == end }).filter { ($0.id ?? 0) > start }
            }
            let expected = try Self.shown(streamed)
            #expect(expected.count == Int(end - start), "\(viewer.name)'s stream")
            let history = try await Self.history(table, token: viewer.token, after: start, limit: 2)
            #expect(history == expected, "\(viewer.name)'s history")
        }

        // The host's next full reshuffle ends round 1 (the first shuffle above started it) and reveals its seed:
        // round 1's history, for every viewer, is what their stream showed of it, and the seed showed in none of it.
        let next = try await send("GET", table.deckURL + "/shuffle/", token: ana)
        let revealing = try #require(
            next.etag.flatMap { Int64($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) })
        for (index, viewer) in viewers.enumerated() {
            let streamed = try await onOwnThread {
                try streams[index].events(until: { $0.id == revealing }).filter { ($0.id ?? 0) > start }
            }
            let roundOne = try Self.shown(streamed.filter { ($0.id ?? 0) <= end })
            var rounds: [[String: Any]] = []
            let history = try await Self.history(
                table, token: viewer.token, after: 0, limit: 2, round: 1, rounds: &rounds)
            #expect(history == roundOne, "\(viewer.name)'s history of round 1")
            let seed = try #require(rounds.first?["seed"] as? String, "round 1 is revealed")
            #expect(rounds.allSatisfy { $0["number"] as? Int == 1 && $0["over"] as? Bool == true })
            #expect(!roundOne.contains { $0.data.contains(seed) }, "the seed showed before its round was over")
            let reveal = try #require(streamed.last)
            #expect(reveal.kind == "shuffle" && reveal.data.contains(seed))
        }
    }

    @Test func aDepartedHandStaysHidden() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let ana = try await table.join("ana")
        let bo = try await table.join("bo")
        _ = try await send("GET", table.deckURL + "/pile/bo/deal/?count=2", token: bo)
        let dealt = try await send("GET", table.deckURL + "/pile/bo/list/", token: bo).pileCodes("bo")
        #expect(dealt.count == 2)
        // While seated, bo's history shows his cards; ana's does not.
        let seated = try await send("GET", table.deckURL + "/history/", token: bo)
        #expect(revealedCodes(in: seated.body, of: dealt) == dealt)
        let other = try await send("GET", table.deckURL + "/history/", token: ana)
        #expect(other.status == 200 && revealedCodes(in: other.body, of: dealt).isEmpty)

        // bo leaves (his cards go back to the stack): his token names nobody now, and learns nothing.
        let left = try await send("DELETE", table.deckURL + "/player/bo/", token: bo)
        #expect(left.status == 200)
        let departed = try await send("GET", table.deckURL + "/history/", token: bo)
        #expect(departed.status == 401 && revealedCodes(in: departed.body, of: dealt).isEmpty)
        // Someone new takes the name: what happened before their seat is shown as a spectator sees it.
        let newcomer = try await table.join("bo")
        let shown = try await send("GET", table.deckURL + "/history/", token: newcomer)
        #expect(shown.status == 200 && (shown.object["events"] as? [Any])?.isEmpty == false)
        #expect(revealedCodes(in: shown.body, of: dealt).isEmpty)
    }

    @Test func badPagesAreRefusedAndAPlainDeckHasNoHistory() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        for (query, message) in [
            ("limit=0", "The parameter 'limit' must be 1 to 100, got 0."),
            ("limit=101", "The parameter 'limit' must be 1 to 100, got 101."),
            ("after=-1", "The parameter 'after' must be 0 or more, got -1."),
            ("after=x", "The parameter 'after' must be a whole number, got 'x'."),
        ] {
            let answer = try await send("GET", table.deckURL + "/history/?" + query)
            #expect(answer.status == 400 && answer.error == message, "\(query)")
        }
        _ = try await send("GET", table.deckURL + "/draw/?count=2")
        let plain = try await send("GET", table.deckURL + "/history/")
        #expect(plain.status == 200 && (plain.object["events"] as? [Any])?.isEmpty == true)
        #expect(plain.object["change_number"] as? Int == 1 && plain.etag == "\"1\"")
        let unknown = try await send("GET", server.baseURL + "/api/deck/nosuchdeck12/history/")
        #expect(unknown.status == 404)
    }
}
