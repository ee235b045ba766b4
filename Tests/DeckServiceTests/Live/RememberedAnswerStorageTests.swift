import DeckStorage
import Foundation
import GRDB
import PlayingCards
import RiffleTestSupport
import Testing

/// Where remembered answers live and what they hold: they survive a crash and a restart (SQLite
/// file), another server on the same PostgreSQL database finds them, and the stored rows hold
/// neither a player's token, nor the key, nor any card of a hand.
@Suite(.stopsItsServers) struct RememberedAnswerStorageTests {
    static func key(_ name: String) -> [String: String] { ["Idempotency-Key": "stored-key-" + name + "-0123456789"] }

    /// A join, a deal into the hand and a draw, each with a key; returns the answers and the
    /// requests to resend.
    private struct Played {
        /// The server the requests were first answered by.
        let baseURL: String
        let deckID: String
        let token: String
        let answers: [RawAnswer]
        let requests: [(method: String, path: String, token: String?, name: String)]
        var hand: [String] { answers[2].pileCodes("ana") }
    }

    private func play(on baseURL: String) async throws -> Played {
        let created = try await send("GET", baseURL + "/api/deck/new/shuffle/", headers: Self.key("new"))
        let id = try #require(created.object["deck_id"] as? String)
        let joined = try await send("POST", baseURL + "/api/deck/\(id)/player/ana/", headers: Self.key("join"))
        let token = try #require(joined.object["token"] as? String)
        let requests: [(method: String, path: String, token: String?, name: String)] = [
            ("GET", "/api/deck/new/shuffle/", nil, "new"), ("POST", "/api/deck/\(id)/player/ana/", nil, "join"),
            ("GET", "/api/deck/\(id)/pile/ana/deal/?count=5", token, "deal"),
            ("GET", "/api/deck/\(id)/draw/?count=3", token, "draw"),
        ]
        var answers = [created, joined]
        for request in requests.dropFirst(2) {
            answers.append(
                try await send(
                    request.method, baseURL + request.path, token: request.token, headers: Self.key(request.name)))
        }
        #expect(answers.allSatisfy { $0.status == 200 && !$0.replayed })
        #expect(answers[2].pileCodes("ana").count == 5)
        return Played(baseURL: baseURL, deckID: id, token: token, answers: answers, requests: requests)
    }

    /// Sends every request again, with its key, to `baseURL`: each answer must be the first one (a
    /// remembered answer keeps the cards, not their objects: their images point at the server that
    /// answers now).
    private func expectReplayed(_ played: Played, at baseURL: String) async throws {
        for (request, first) in zip(played.requests, played.answers) {
            let again = try await send(
                request.method, baseURL + request.path, token: request.token, headers: Self.key(request.name))
            let firstBody = first.body.replacingOccurrences(of: played.baseURL, with: baseURL)
            #expect(again.status == first.status && again.body == firstBody, "\(request.name)")
            #expect(again.etag == first.etag && again.replayed, "\(request.name)")
        }
        let info = try await send("GET", baseURL + "/api/deck/\(played.deckID)/")
        #expect(info.object["remaining"] as? Int == 52 - 5 - 3)
        #expect(info.etag == "\"3\"", "join, deal, draw: nothing more")
    }

    @Test func aCrashAndARestartStillKnowTheKeys() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-once-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("riffle.sqlite").path
        var server = try await RiffleProcess.start(database: database)
        let played: Played
        do {
            played = try await play(on: server.baseURL)
        } catch {
            server.kill()
            throw error
        }
        await server.killAndWait()  // SIGKILL: every acknowledged answer is already on disk
        server = try await RiffleProcess.start(database: database)
        defer { server.kill() }
        try await expectReplayed(played, at: server.baseURL)
    }

    @Test func anotherServerOnTheSameDatabaseKnowsTheKeys() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let store = try await StoreBackend.postgres.openStore(database)  // creates the schema first
        let first = try await RiffleProcess.start(database: database)
        defer { first.kill() }
        let second = try await RiffleProcess.start(database: database)
        defer { second.kill() }
        let played = try await play(on: first.baseURL)
        try await expectReplayed(played, at: second.baseURL)
        let reused = try await send(
            "GET", second.baseURL + "/api/deck/\(played.deckID)/draw/?count=4", token: played.token,
            headers: Self.key("draw"))
        #expect(reused.status == 422)

        // The same change sent through both servers at once is made once.
        let servers = [first.baseURL, second.baseURL]
        let answers = try await withThrowingTaskGroup(of: RawAnswer.self) { group in
            for attempt in 0..<8 {
                group.addTask {
                    try await send(
                        "GET", servers[attempt % 2] + "/api/deck/\(played.deckID)/draw/?count=2",
                        token: played.token, headers: Self.key("race"))
                }
            }
            var all: [RawAnswer] = []
            for try await answer in group { all.append(answer) }
            return all
        }
        // Each server renders the cards' images under its own address.
        let bodies = answers.map {
            $0.body.replacingOccurrences(of: first.baseURL, with: "").replacingOccurrences(of: second.baseURL, with: "")
        }
        #expect(answers.allSatisfy { $0.status == 200 } && bodies.allSatisfy { $0 == bodies[0] })
        #expect(answers.filter { !$0.replayed }.count == 1, "one made it, the others were told its answer")
        let deck = try #require(try await store.deck(withID: played.deckID))
        #expect(deck.remaining == 52 - 5 - 3 - 2 && deck.changeNumber == 4)
        try await store.close()
    }

    @Test func theStoredRowsHoldNoTokenNoKeyAndNoCardOfAHand() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-once-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("riffle.sqlite").path
        let server = try await TestServer.start(store: try await StoreBackend.sqliteFile.openStore(path))
        let played: Played
        do {
            played = try await play(on: server.baseURL)
            try await expectReplayed(played, at: server.baseURL)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        try await server.store.close()

        let rows: [Row] = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT key, fingerprint, body FROM deck_request")
                + Row.fetchAll(db, sql: "SELECT key, fingerprint, body FROM new_deck_request")
        }
        #expect(rows.count == 4, "the new deck, the join, the deal and the draw")
        let secrets = Self.secrets(of: played)
        for row in rows {
            let stored =
                [row[0] as String].map { Array($0.utf8) } + [(row[1] as Data), (row[2] as Data)].map(Array.init)
            for column in stored {
                for secret in secrets {
                    #expect(!column.containsBytes(secret.bytes), "a stored row holds \(secret.name)")
                }
            }
        }
        // Nor anywhere else in the database's files: the deck keeps token hashes, never tokens.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for file in files {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(file)))
            for secret in secrets where secret.isKeyOrToken {
                #expect(!bytes.containsBytes(secret.bytes), "\(file) holds \(secret.name)")
            }
        }
    }

    @Test func theStoredRowsHoldNoTokenNoKeyAndNoCardOfAHandOnPostgres() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let server = try await TestServer.start(store: try await StoreBackend.postgres.openStore(database))
        let played = try await play(on: server.baseURL)
        try await expectReplayed(played, at: server.baseURL)
        let schema = try #require(database.split(separator: "schema=").last?.split(separator: "&").first)
        let dump = try await runPSQL(
            """
            SELECT encode(convert_to(key, 'UTF8'), 'hex') || ' ' || encode(fingerprint, 'hex') || ' '
                || encode(body, 'hex') FROM \(schema).deck_request
            UNION ALL SELECT encode(convert_to(key, 'UTF8'), 'hex') || ' ' || encode(fingerprint, 'hex') || ' '
                || encode(body, 'hex') FROM \(schema).new_deck_request
            """)
        let rows = dump.split(separator: "\n")
        #expect(rows.count == 4, "the new deck, the join, the deal and the draw")
        for secret in Self.secrets(of: played) {
            let hex = secret.bytes.map { String(format: "%02x", $0) }.joined()
            // Hex digits pair up from the start of each column: compare at even offsets only.
            for row in rows {
                for column in row.split(separator: " ") {
                    let text = Array(column.utf8)
                    let pattern = Array(hex.utf8)
                    let found = stride(from: 0, through: max(-1, text.count - pattern.count), by: 2).contains {
                        Array(text[$0..<$0 + pattern.count]) == pattern
                    }
                    #expect(!found, "a stored row holds \(secret.name)")
                }
            }
        }
    }

    private struct Secret {
        let name: String
        let bytes: [UInt8]
        /// Whether it is a token or a key, which appear nowhere in the database (cards and JSON do,
        /// in the deck and its events: only the remembered answers must not hold them).
        var isKeyOrToken = false
    }

    /// The token, the keys, and each card of the hand as the answers write it.
    private static func secrets(of played: Played) -> [Secret] {
        var secrets = [Secret(name: "the token", bytes: Array(played.token.utf8), isKeyOrToken: true)]
        for request in played.requests {
            let key = Self.key(request.name)["Idempotency-Key"] ?? ""
            secrets.append(Secret(name: "the key \(request.name)", bytes: Array(key.utf8), isKeyOrToken: true))
        }
        for code in played.hand + played.answers[3].codes {
            secrets.append(Secret(name: "card \(code)", bytes: Array(#""code":""#.utf8) + Array(code.utf8)))
        }
        secrets.append(Secret(name: "an answer in the clear", bytes: Array(#""success""#.utf8)))
        return secrets
    }
}

extension Array where Element == UInt8 {
    /// Whether `pattern` occurs in these bytes.
    fileprivate func containsBytes(_ pattern: [UInt8]) -> Bool {
        guard !pattern.isEmpty, pattern.count <= count else { return false }
        return (0...(count - pattern.count)).contains { start in
            self[start..<start + pattern.count].elementsEqual(pattern)
        }
    }
}
