import DeckStorage
import Foundation
import GRDB
import PlayingCards
import Testing

@testable import SQLiteDeckStorage

/// SQLite keeps a deck's latest events in its own row and moves them into the event table before
/// the row's tail would grow past its budget (or at once for a large event): reading sees one
/// sequence either way, a file from before the tail opens with its events, and a damaged tail costs
/// its events, never the deck.
@Suite struct SQLiteEventTailTests {
    private func liveShoe() throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(deckCount: 20), shuffled: false)
        deck.becomeLiveTable()
        return deck
    }

    /// The bytes of an event's payload in these tests: as many as a draw's record, about.
    private static let payloadSize = 30
    /// How many events of ``payloadSize`` bytes the tail holds (each entry also carries the step
    /// from the previous number, the bytes it shares with the previous payload, none here, and its
    /// length: a byte each): the next one moves them all into the table.
    private static let eventsPerTail = SQLiteEventLog.tailBudget / (payloadSize + 3)

    /// The default payload of event `number`: its number as text, padded to ``payloadSize``, after
    /// a byte that differs from the previous event's so that no two share a prefix.
    private static func payload(_ number: Int64) -> [UInt8] {
        let text = [UInt8(truncatingIfNeeded: number)] + Array(String(number).utf8)
        return text + [UInt8](repeating: UInt8(ascii: " "), count: payloadSize - text.count)
    }

    /// Draws one card and records an event with `payload` (by default, ``payload(_:)``).
    @discardableResult
    private func draw(_ store: SQLiteDeckStore, _ id: String, payload: [UInt8]? = nil) async throws -> Int64 {
        let number = try await store.updateRecordingEvent(deckID: id, now: 1) { deck -> (Int64, StoredDeckEvent?) in
            _ = try deck.draw(count: 1)
            let number = deck.countChange()
            return (number, StoredDeckEvent(deckID: id, number: number, payload: payload ?? Self.payload(number)))
        }
        return try #require(number)
    }

    private func tableNumbers(_ store: SQLiteDeckStore, _ id: String) async throws -> [Int64] {
        try await store.writer.read { db in
            try Data.fetchAll(
                db, sql: "SELECT events FROM deck_event_run WHERE deck_id = ? ORDER BY last_number", arguments: [id]
            ).flatMap { try #require(EventTail.decode(Array($0), deckID: id)).map(\.number) }
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
        // The event that would overflow the tail moves with it: every (eventsPerTail + 1)th one.
        let moved = Int64(Self.eventsPerTail + 1) * (20 / Int64(Self.eventsPerTail + 1))
        #expect(try await tableNumbers(store, id) == Array(1...moved))
        // Each move is one row of the table, a run of the events it moved.
        let runs = try await store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM deck_event_run WHERE deck_id = ?", arguments: [id])
        }
        #expect(runs == 20 / (Self.eventsPerTail + 1))
        #expect(try await tailNumbers(store, id) == Array((moved + 1)...20))
        let events = try await allEvents(store, id)
        #expect(events.map(\.number) == Array(1...20))
        #expect(events.map(\.payload) == (1...20).map { Self.payload($0) })
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
        #expect(events.allSatisfy { $0.payload == Self.payload($0.number) })
        #expect(try await tailNumbers(store, id).count <= Self.eventsPerTail)
        #expect(try await store.deck(withID: id)?.changeNumber == 200)
    }

    @Test func aDamagedTailCostsItsEventsNotTheDeck() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(try liveShoe(), now: 0)
        for _ in 1...16 { try await draw(store, id) }
        #expect(Self.eventsPerTail == 5)
        #expect(try await tailNumbers(store, id) == [13, 14, 15, 16])
        // A length that runs past the end of the bytes.
        try await store.writer.write { db in
            try db.execute(sql: "UPDATE deck SET recent_events = x'11ff7f' WHERE id = ?", arguments: [id])
        }
        #expect(try await allEvents(store, id).map(\.number) == Array(1...12))
        // The deck is still changed and its events recorded; the damaged bytes go with the next move
        // (at event 18: this process counts 13...16 as still in the tail, so 17 fits after them).
        for _ in 17...40 { try await draw(store, id) }
        #expect(try await store.deck(withID: id)?.remaining == 1_040 - 40)
        let numbers = try await allEvents(store, id).map(\.number)
        #expect(numbers == Array(1...12) + Array(18...40))
    }

    @Test func eventsThatRepeatTheirKindAndPlayerTakeHalfTheRoom() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(try liveShoe(), now: 0)
        // Shaped as a draw's record: kind, player and places, then the card and the counts.
        func drawLike(_ number: Int64) -> [UInt8] {
            Array("\u{1}\u{4}draw\u{6}player\u{1}\u{0}\u{1}\u{1}".utf8) + [UInt8(truncatingIfNeeded: number * 7)]
                + [0, 0x90, UInt8(truncatingIfNeeded: number), 0x8f, UInt8(truncatingIfNeeded: number), 0, 0, 0]
        }
        for number in 1...12 { try await draw(store, id, payload: drawLike(Int64(number))) }
        // Whole, twelve such events would take 12 × 28 bytes, past the budget; sharing, they fit.
        #expect(12 * (drawLike(1).count + 2) > SQLiteEventLog.tailBudget)
        #expect(try await tableNumbers(store, id).isEmpty)
        #expect(try await tailNumbers(store, id) == Array(1...12))
        #expect(try await allEvents(store, id).map(\.payload) == (1...12).map { drawLike(Int64($0)) })
    }

    @Test func tailEntriesReadBackWhateverTheyShare() {
        var bytes: [UInt8] = []
        var last: EventTail.Last?
        var written: [StoredDeckEvent] = []
        var number: Int64 = 0
        for step in 0..<200 {
            // Steps of one, and now and then a long jump; payloads that share all, some or nothing.
            number += step % 37 == 0 ? 100_000 : 1
            let payload: [UInt8] =
                switch step % 4 {
                case 0: [1, 2, 3, UInt8(step % 251)]
                case 1: [1, 2, 3, UInt8(step % 251), 9, 9]
                case 2: [1, 2]
                default: []
                }
            let event = StoredDeckEvent(deckID: "d", number: number, payload: payload)
            last = EventTail.append(event, after: last, to: &bytes)
            written.append(event)
        }
        #expect(EventTail.decode(bytes, deckID: "d") == written)
        // Cut anywhere inside an entry, the bytes are no tail.
        #expect(EventTail.decode(Array(bytes.dropLast()), deckID: "d") == nil)
    }

    @Test func aTailWrittenWholeIsRewrittenWhenTheFileOpens() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-v5-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        var deck = try liveShoe()
        for _ in 1...3 { _ = deck.countChange() }
        let state = Data(try deck.serialized())
        do {
            let old = try DatabaseQueue(path: path)
            try SQLiteMigrations.migrator.migrate(old, upTo: "v5: recent events in the deck row")
            try await old.write { db in
                // Each event as its number, its length and its payload; the second tail is damaged.
                let whole: [UInt8] = [1, 2, 0x61, 0x62, 2, 1, 0x63, 3, 0]
                for (id, tail) in [("aaaaaaaaaaaa", whole), ("bbbbbbbbbbbb", [1, 9, 0x61])] {
                    try db.execute(
                        sql:
                            "INSERT INTO deck (id, state, created_at, updated_at, recent_events) VALUES (?, ?, 10, 20, ?)",
                        arguments: [id, state, Data(tail)])
                }
            }
            try old.close()
        }
        let store = try SQLiteDeckStore(location: .file(path))
        let events = try await allEvents(store, "aaaaaaaaaaaa")
        #expect(events.map(\.number) == [1, 2, 3])
        #expect(events.map(\.payload) == [[0x61, 0x62], [0x63], []])
        #expect(try await allEvents(store, "bbbbbbbbbbbb").isEmpty)
        for _ in 4...20 { try await draw(store, "aaaaaaaaaaaa") }
        #expect(try await allEvents(store, "aaaaaaaaaaaa").map(\.number) == Array(1...20))
        try await store.close()
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
        #expect(events.map(\.payload) == (1...5).map { Array(String($0).utf8) } + (6...20).map { Self.payload($0) })
        try await store.close()
    }
}
