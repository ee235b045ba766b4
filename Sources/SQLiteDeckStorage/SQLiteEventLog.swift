import DeckStorage
import Foundation
import GRDB
import PlayingCards
import Synchronization

/// The events of live tables in SQLite, written in the same transaction as the deck change each
/// event describes, and the observers told after each commit.
///
/// A deck's latest events ride in its own row (`deck.recent_events`, its *tail*), which every change
/// rewrites anyway; every ``spillInterval`` events (or at once for a large one) the tail moves into
/// the `deck_event` table, one row per event. Writing each event as a row of its own dirtied one
/// more page per change (the deck's corner of the event table): another frame in the write-ahead
/// log and another page for the checkpoint to copy, about 10 µs of a seated draw's CPU at 64
/// connections (`scripts/bench-server.py --only-seated`). Moved together, a deck's events share
/// that page. Reading merges the table's events and the tail, in one read transaction.
///
/// One process owns an SQLite file (see ``SQLiteDeckStore``), so the observers of this process are
/// everyone there is to tell.
enum SQLiteEventLog {
    /// Old events are trimmed every this many events of a deck, keeping at least
    /// ``StoredDeckEvent/retainedCount``.
    static let trimInterval: Int64 = 128
    /// A deck's tail moves into the event table with each event whose number is a multiple of this
    /// (``trimInterval`` is one too, so trimming happens as a tail moves).
    static let spillInterval: Int64 = 16
    /// An event with a larger payload moves into the table at once, with the tail, so that a deck's
    /// row stays well within a page (a full reshuffle of a table with many piles records them all).
    static let largePayload = 128

    /// Adds the event table to the schema.
    static func registerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2: deck events") { db in
            try db.execute(
                sql: """
                    CREATE TABLE deck_event (
                        deck_id TEXT NOT NULL REFERENCES deck (id) ON DELETE CASCADE,
                        number INTEGER NOT NULL,
                        payload BLOB NOT NULL,
                        PRIMARY KEY (deck_id, number)
                    ) WITHOUT ROWID;
                    """)
        }
    }

    /// Adds each deck's tail of recent events to its row. SQLite adds a column with a constant
    /// default without rewriting the table; every deck starts with an empty tail.
    static func registerTailMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: recent events in the deck row") { db in
            try db.execute(sql: "ALTER TABLE deck ADD COLUMN recent_events BLOB NOT NULL DEFAULT x''")
        }
    }

    /// Writes an event into the event table inside the current transaction, trimming the deck's
    /// oldest events now and then.
    static func insert(_ event: StoredDeckEvent, db: Database) throws {
        // Bound through SQLite's C interface, the payload without a copy (see `Statement.runToCompletion`).
        let statement = try db.cachedStatement(
            sql: "INSERT INTO deck_event (deck_id, number, payload) VALUES (?, ?, ?)")
        try event.payload.withUnsafeBytes { payload in
            try statement.runToCompletion(in: db) { parameters in
                try parameters.bind(text: event.deckID, at: 1)
                try parameters.bind(event.number, at: 2)
                try parameters.bind(blob: payload, at: 3)
            }
        }
        if event.number % trimInterval == 0 {
            try db.cachedStatement(sql: "DELETE FROM deck_event WHERE deck_id = ? AND number <= ?")
                .execute(arguments: [event.deckID, event.number - StoredDeckEvent.retainedCount - trimInterval])
        }
    }

    /// A deck's events after `number`, oldest first: the event table's, then its tail's.
    static func events(deckID: String, after number: Int64, limit: Int, db: Database) throws -> [StoredDeckEvent] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT number, payload FROM deck_event WHERE deck_id = ? AND number > ? ORDER BY number LIMIT ?"),
            arguments: [deckID, number, limit])
        var events = rows.map { row in
            let payload: Data = row[1]
            return StoredDeckEvent(deckID: deckID, number: row[0], payload: Array(payload))
        }
        guard events.count < limit else { return events }
        let after = events.last?.number ?? number
        for event in try tail(of: deckID, db: db) where event.number > after {
            guard events.count < limit else { break }
            events.append(event)
        }
        return events
    }

    /// The events in a deck's row, oldest first; none when the deck does not exist.
    ///
    /// A tail that cannot be read (the file was damaged) counts as no events: subscribers that miss
    /// them get a resync, as for events trimmed away, and the deck itself stays usable.
    static func tail(of deckID: String, db: Database) throws -> [StoredDeckEvent] {
        let select = try db.cachedStatement(sql: "SELECT recent_events FROM deck WHERE id = ?")
        guard let bytes = try Data.fetchOne(select, arguments: [deckID]) else { return [] }
        return EventTail.decode(Array(bytes), deckID: deckID) ?? []
    }
}

/// The format of a deck's tail: each event as its number and its payload's length (unsigned LEB128
/// varints, so neither is ever cut short) and the payload.
enum EventTail {
    /// Appends an event.
    static func append(_ event: StoredDeckEvent, to bytes: inout [UInt8]) {
        appendCount(UInt64(bitPattern: event.number), to: &bytes)
        appendCount(UInt64(event.payload.count), to: &bytes)
        bytes.append(contentsOf: event.payload)
    }

    /// Reads every event back, or `nil` when the bytes are not a tail.
    static func decode(_ bytes: [UInt8], deckID: String) -> [StoredDeckEvent]? {
        var events: [StoredDeckEvent] = []
        var offset = 0
        func count() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while offset < bytes.count {
            guard let number = count(), let length = count(), length <= UInt64(bytes.count - offset) else { return nil }
            let end = offset + Int(length)
            events.append(
                StoredDeckEvent(deckID: deckID, number: Int64(bitPattern: number), payload: Array(bytes[offset..<end])))
            offset = end
        }
        return events
    }

    private static func appendCount(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// The observers of a store's events.
final class DeckEventObservers: Sendable {
    private let observers = Mutex<[DeckEventObserver]>([])

    func add(_ observer: @escaping DeckEventObserver) {
        observers.withLock { $0.append(observer) }
    }

    /// Tells every observer about committed events: for each deck, its latest number.
    func committed(_ events: [StoredDeckEvent]) {
        guard !events.isEmpty else { return }
        let current = observers.withLock { $0 }
        guard !current.isEmpty else { return }
        if events.count == 1, let event = events.first {
            // A batch of one change (one connection's writes): no table of decks to build.
            for observer in current { observer(event.deckID, event.number) }
            return
        }
        var latest: [String: Int64] = [:]
        latest.reserveCapacity(events.count)
        for event in events { latest[event.deckID] = max(latest[event.deckID] ?? 0, event.number) }
        for (deckID, number) in latest {
            for observer in current { observer(deckID, number) }
        }
    }
}

extension SQLiteWriteBatch {
    /// Runs `change` like ``update(deckID:now:_:)`` and, when the deck changed and `change`
    /// returned an event, keeps the event to be written with the deck when the batch is flushed,
    /// in the batch's transaction.
    func updateRecordingEvent<Result>(
        deckID id: String, now: Int64, _ change: (inout DeckState) throws -> (Result, StoredDeckEvent?)
    ) throws -> Result? {
        var event: StoredDeckEvent?
        let result = try update(deckID: id, now: now) { deck in
            let before = deck
            let (result, recorded) = try change(&deck)
            if deck != before { event = recorded }
            return result
        }
        if let event {
            unwrittenEvents[id, default: []].append(event)
            recordedEvents.append(event)
        }
        return result
    }

    /// What flushing a deck does to its tail of recent events.
    enum TailWrite {
        /// Nothing: no event of the deck in this batch.
        case unchanged
        /// Appends ``eventTailBuffer`` (bound as parameter 4).
        case append
        /// Empties it: its events, and this batch's, went into the event table.
        case clear
    }

    /// Takes the batch's events of a deck about to be written and decides where they go: onto the
    /// deck's tail, in ``eventTailBuffer``, or (with the tail) into the event table, now.
    func eventTail(writtenWith id: String) throws -> TailWrite {
        guard let events = unwrittenEvents.removeValue(forKey: id), !events.isEmpty else { return .unchanged }
        let spills = events.contains {
            $0.number % SQLiteEventLog.spillInterval == 0 || $0.payload.count > SQLiteEventLog.largePayload
        }
        if spills {
            let tail = try SQLiteEventLog.tail(of: id, db: db)
            for event in tail + events { try SQLiteEventLog.insert(event, db: db) }
            return .clear
        }
        eventTailBuffer.removeAll(keepingCapacity: true)
        for event in events { EventTail.append(event, to: &eventTailBuffer) }
        return .append
    }

    /// The statement that writes a deck back: its state, its change time when that is due, and its
    /// tail.
    func deckUpdate(writesTime: Bool, tail: TailWrite) throws -> Statement {
        let time = writesTime ? ", updated_at = ?3" : ""
        let events =
            switch tail {
            case .unchanged: ""
            case .append: ", recent_events = recent_events || ?4"
            case .clear: ", recent_events = x''"
            }
        return try db.cachedStatement(sql: "UPDATE deck SET state = ?1" + time + events + " WHERE id = ?2")
    }
}

extension SQLiteDeckStore {
    public func updateRecordingEvent<Result: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?)
    ) async throws -> Result? {
        try await writes.perform { batch in try batch.updateRecordingEvent(deckID: id, now: now, change) }
    }

    public func events(deckID id: String, after number: Int64, limit: Int) async throws -> [StoredDeckEvent] {
        do {
            return try await writer.read { db in
                try SQLiteEventLog.events(deckID: id, after: number, limit: limit, db: db)
            }
        } catch {
            throw StorageError.readFailed(String(describing: error))
        }
    }

    public func observeEvents(_ observer: @escaping DeckEventObserver) async throws {
        eventObservers.add(observer)
    }
}
