import DeckStorage
import Foundation
import RiffleTestSupport
import Testing

@testable import PostgresDeckStorage

/// The event table notifies listeners once per statement, naming each deck once with its latest
/// new event, in payloads that stay under PostgreSQL's limit however many decks a statement wrote;
/// listeners read both that and the one-deck payload of earlier versions.
@Suite struct PostgresEventNotificationTests {
    /// The payloads of the notifications a `psql` session that LISTENs on the channel receives
    /// while running `sql` (after its own commit, as any listener would) that name a deck whose id
    /// starts with `prefix` (the channel is shared by every test's schema).
    private func notifications(running sql: String, decksStartingWith prefix: String) async throws -> [String] {
        let output = try await runPSQL("LISTEN " + PostgresEventLog.channel + "; " + sql)
        return output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("Asynchronous notification"), let start = line.range(of: "with payload \""),
                let end = line.range(of: "\" received", range: start.upperBound..<line.endIndex)
            else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
        .filter { payload in PostgresEventLog.parseNotification(payload).contains { $0.deckID.hasPrefix(prefix) } }
    }

    private func schema(of database: String) throws -> String {
        String(try #require(database.split(separator: "schema=").last?.split(separator: "&").first))
    }

    @Test func oneStatementNotifiesOnceWithEachDecksLatestEvent() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let store = try await StoreBackend.postgres.openStore(database)  // creates the schema
        let schema = try schema(of: database)
        try await runPSQL(
            "INSERT INTO \(schema).deck (id, state, version, created_at, updated_at) VALUES "
                + "('ntfyaaaaaaaa', '\\x00', 0, 0, 0), ('ntfybbbbbbbb', '\\x00', 0, 0, 0), ('ntfycccccccc', '\\x00', 0, 0, 0)"
        )
        let payloads = try await notifications(
            running: "INSERT INTO \(schema).deck_event (deck_id, number, payload) VALUES "
                + "('ntfybbbbbbbb', 1, '\\x01'), ('ntfyaaaaaaaa', 1, '\\x01'), ('ntfyaaaaaaaa', 2, '\\x01'), "
                + "('ntfycccccccc', 7, '\\x01')", decksStartingWith: "ntfy")
        #expect(payloads == ["ntfyaaaaaaaa 2,ntfybbbbbbbb 1,ntfycccccccc 7"])
        // A statement that inserts no event notifies nobody.
        #expect(
            try await notifications(
                running: "INSERT INTO \(schema).deck_event SELECT * FROM \(schema).deck_event WHERE false",
                decksStartingWith: "ntfy"
            ).isEmpty)
        try await store.close()
    }

    @Test func aStatementWritingManyDecksSplitsItsNotifications() async throws {
        let database = try StoreBackend.postgres.makeDatabase()
        let store = try await StoreBackend.postgres.openStore(database)
        let schema = try schema(of: database)
        let decks = 2 * PostgresEventLog.decksPerNotification + 50
        try await runPSQL(
            "INSERT INTO \(schema).deck (id, state, version, created_at, updated_at) "
                + "SELECT 'ntfz' || lpad(g::text, 8, '0'), '\\x00', 0, 0, 0 FROM generate_series(1, \(decks)) AS g")
        let payloads = try await notifications(
            running: "INSERT INTO \(schema).deck_event (deck_id, number, payload) "
                + "SELECT 'ntfz' || lpad(g::text, 8, '0'), 3, '\\x01' FROM generate_series(1, \(decks)) AS g",
            decksStartingWith: "ntfz")
        #expect(payloads.count == 3)
        #expect(payloads.allSatisfy { $0.utf8.count < 8_000 })
        let heard = payloads.flatMap { PostgresEventLog.parseNotification($0) }
        #expect(heard.count == decks)
        #expect(Set(heard.map(\.deckID)).count == decks)
        #expect(heard.allSatisfy { $0.number == 3 })
        try await store.close()
    }

    @Test func listenersReadEveryPayloadShape() {
        let one = PostgresEventLog.parseNotification("k3v9q2x8m1ab 12")
        #expect(one.map(\.deckID) == ["k3v9q2x8m1ab"])
        #expect(one.map(\.number) == [12])
        let several = PostgresEventLog.parseNotification("aaaaaaaaaaaa 2,bbbbbbbbbbbb 1")
        #expect(several.map(\.deckID) == ["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
        #expect(several.map(\.number) == [2, 1])
        // Pairs that are not one are left out; the rest still count.
        let mixed = PostgresEventLog.parseNotification("aaaaaaaaaaaa x,bbbbbbbbbbbb 1,,cccccccccccc 1 2")
        #expect(mixed.map(\.deckID) == ["bbbbbbbbbbbb"])
        #expect(PostgresEventLog.parseNotification("").isEmpty)
    }
}
