import DeckStorage
import Foundation
import GRDB
import PlayingCards
import Testing

@testable import SQLiteDeckStorage

/// SQLite keeps a deck's latest events in its own row and moves them into the event table every
/// few events (or at once for a large one): reading sees one sequence either way, a file from
/// before the tail opens with its events, and a damaged tail costs its events, never the deck.
@Suite struct SQLiteEventTailTests {
    private func liveShoe() throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(deckCount: 20), shuffled: false)
        deck.becomeLiveTable()
        return deck
    }

    /// Draws one card and records an event with `payload` (by default, the event's number as text).
    @discardableResult
    private func draw(_ store: SQLiteDeckStore, _ id: String, payload: [UInt8]? = nil) async throws -> Int64 {
        let number = try await store.updateRecordingEvent(deckID: id, now: 1) { deck -> (Int64, StoredDeckEvent?) in
            _ = try deck.draw(count: 1)
            let number = deck.countChange()
            return (number, StoredDeckEvent(deckID: id, number: number, payload: payload ?? Array(String(number).utf8)))
        }
        return try #require(number)
    }

    private func tableNumbers(_ store: SQLiteDeckStore, _ id: String) async throws -> [Int64] {
        try await store.writer.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT number FROM deck_event WHERE deck_id = ? ORDER BY number", arguments: [id])
        }
    }

    private func tailNumbers(_ store: SQLiteDeckStore, _ id: String) async throws -> [Int64] {
        try await store.writer.read { db in try SQLiteEventLog.tail(of: id, db: db).map(\.number) }
    }

    private func allEvents(
        _ store: SQLiteDeckStore, _ id: String, after number: Int64 = 0
    ) async throws -> [StoredDeckEvent] {
        try await store.events(deckID: id, after: number, limit: 10_000)
    }

    @Test func eventsMoveFromTheDeckRowIntoTheTableTogether() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(try liveShoe(), now: 0)
        for _ in 1...20 { try await draw(store, id) }
        let interval = SQLiteEventLog.spillInterval
        #expect(try await tableNumbers(store, id) == Array(1...interval))
        #expect(try await tailNumbers(store, id) == Array((interval + 1)...20))
        let events = try await allEvents(store, id)
        #expect(events.map(\.number) == Array(1...20))
        #expect(events.map(\.payload) == (1...20).map { Array(String($0).utf8) })
        // Pages that cross from the table into the tail, and pages within each.
        #expect(try await store.events(deckID: id, after: 10, limit: 10).map(\.number) == Array(11...20))
        #expect(try await store.events(deckID: id, after: 14, limit: 4).map(\.number) == [15, 16, 17, 18])
        #expect(try await store.events(deckID: id, after: 17, limit: 2).map(\.number) == [18, 19])
        #expect(try await store.events(deckID: id, after: 20, limit: 2).isEmpty)
    }

    @Test func aLargeEventMovesIntoTheTableAtOnce() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(try liveShoe(), now: 0)
        for _ in 1...3 { try await draw(store, id) }
        let large = [UInt8](repeating: 7, count: SQLiteEventLog.largePayload + 1)
        try await draw(store, id, payload: large)
        try await draw(store, id)
        #expect(try await tableNumbers(store, id) == [1, 2, 3, 4])
        #expect(try await tailNumbers(store, id) == [5])
        #expect(try await allEvents(store, id).map(\.payload)[3] == large)
    }

    @Test func concurrentChangesOfOneDeckKeepEveryEventInOrder() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(try liveShoe(), now: 0)
        try await withThrowingTaskGroup(of: Int64.self) { group in
            for _ in 0..<200 { group.addTask { try await draw(store, id) } }
            try await group.waitForAll()
        }
        let events = try await allEvents(store, id)
        #expect(events.map(\.number) == Array(1...200))
        #expect(events.allSatisfy { $0.payload == Array(String($0.number).utf8) })
        #expect(try await tailNumbers(store, id).count < Int(SQLiteEventLog.spillInterval) * 2)
        #expect(try await store.deck(withID: id)?.changeNumber == 200)
    }

    @Test func aDamagedTailCostsItsEventsNotTheDeck() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(try liveShoe(), now: 0)
        for _ in 1...18 { try await draw(store, id) }
        // A length that runs past the end of the bytes.
        try await store.writer.write { db in
            try db.execute(sql: "UPDATE deck SET recent_events = x'11ff7f' WHERE id = ?", arguments: [id])
        }
        #expect(try await allEvents(store, id).map(\.number) == Array(1...16))
        // The deck is still changed and its events recorded; the damaged bytes go with the next move.
        for _ in 19...40 { try await draw(store, id) }
        #expect(try await store.deck(withID: id)?.remaining == 1_040 - 40)
        let numbers = try await allEvents(store, id).map(\.number)
        #expect(numbers == Array(1...16) + Array(32...40))
    }

    @Test func aFileFromBeforeTheTailKeepsItsEvents() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-v3-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let shoe = try liveShoe()
        do {
            let old = try DatabaseQueue(path: path)
            try SQLiteMigrations.migrator.migrate(old, upTo: "v3: decks in a rowid table")
            try await old.write { db in
                var deck = shoe
                for _ in 1...5 { _ = deck.countChange() }
                try db.execute(
                    sql: "INSERT INTO deck (id, state, created_at, updated_at) VALUES ('aaaaaaaaaaaa', ?, 10, 20)",
                    arguments: [Data(deck.serialized())])
                for number in 1...5 {
                    try db.execute(
                        sql: "INSERT INTO deck_event (deck_id, number, payload) VALUES ('aaaaaaaaaaaa', ?, ?)",
                        arguments: [number, Data(String(number).utf8)])
                }
            }
            try old.close()
        }
        let store = try SQLiteDeckStore(location: .file(path))
        #expect(try await allEvents(store, "aaaaaaaaaaaa").map(\.number) == [1, 2, 3, 4, 5])
        for _ in 6...20 { try await draw(store, "aaaaaaaaaaaa") }
        let events = try await allEvents(store, "aaaaaaaaaaaa")
        #expect(events.map(\.number) == Array(1...20))
        #expect(events.map(\.payload) == (1...20).map { Array(String($0).utf8) })
        try await store.close()
    }
}
