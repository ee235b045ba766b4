import DeckStorage
import Foundation
import GRDB
import PlayingCards
import Testing

@testable import SQLiteDeckStorage

/// A file written by an earlier version opens with every deck and event in place.
@Suite struct SQLiteMigrationTests {
    @Test func aFileFromBeforeTheRowidTableKeepsItsDecksAndEvents() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-v2-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        var drawnFrom = DeckState(composition: try DeckComposition(deckCount: 20), shuffled: true)
        _ = try drawnFrom.draw(count: 7)
        let shoe = drawnFrom
        let small = DeckState(composition: try DeckComposition(), shuffled: false)
        do {
            // The schema as the previous release left it: decks WITHOUT ROWID, then events.
            let old = try DatabaseQueue(path: path)
            try SQLiteMigrations.migrator.migrate(old, upTo: "v2: deck events")
            try await old.write { db in
                for (id, deck) in [("aaaaaaaaaaaa", shoe), ("bbbbbbbbbbbb", small)] {
                    try db.execute(
                        sql: "INSERT INTO deck (id, state, created_at, updated_at) VALUES (?, ?, 10, 20)",
                        arguments: [id, Data(try deck.serialized())])
                }
                try db.execute(
                    sql: "INSERT INTO deck_event (deck_id, number, payload) VALUES ('aaaaaaaaaaaa', 1, x'01')")
            }
            try old.close()
        }
        let store = try SQLiteDeckStore(location: .file(path))
        #expect(try await store.deck(withID: "aaaaaaaaaaaa") == shoe)
        #expect(try await store.deck(withID: "bbbbbbbbbbbb") == small)
        #expect(try await store.deckCount() == 2)
        let events = try await store.events(deckID: "aaaaaaaaaaaa", after: 0, limit: 10)
        #expect(events.map(\.number) == [1])
        // The migrated table is written and read like a new one, and deleting a deck still takes
        // its events with it.
        _ = try await store.update(deckID: "aaaaaaaaaaaa", now: 30) { deck in try deck.draw(count: 3) }
        #expect(try await store.deck(withID: "aaaaaaaaaaaa")?.remaining == 1_040 - 10)
        let schema = try await store.writer.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'deck'")
        }
        #expect(schema?.contains("WITHOUT ROWID") == false)
        #expect(try await store.deleteDecks(unchangedBefore: 1_000) == 2)
        #expect(try await store.events(deckID: "aaaaaaaaaaaa", after: 0, limit: 10).isEmpty)
        try await store.close()
    }
}
