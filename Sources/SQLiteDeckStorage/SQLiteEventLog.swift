import DeckStorage
import Foundation
import GRDB
import PlayingCards
import Synchronization

/// The events of live tables in SQLite, written in the same transaction as the deck change each
/// event describes, and the observers told after each commit.
///
/// A deck's latest events ride in its own row (`deck.recent_events`, its *tail*), which every change
/// rewrites anyway; before the tail would grow past ``tailBudget`` bytes (or at once for a large
/// event) it moves into the `deck_event_run` table as one row: a run of events in the tail's format
/// (``EventTail``). Writing each event as a row of its own dirtied one more page per change (the
/// deck's corner of the event table): another frame in the write-ahead log and another page for
/// the checkpoint to copy, about 10 µs of a seated draw's CPU at 64 connections
/// (`scripts/bench-server.py --only-seated`). Moved together, a deck's events share that page and
/// one insert. Reading merges the table's runs and the tail, in one read transaction.
///
/// One process owns an SQLite file (see ``SQLiteDeckStore``), so the observers of this process are
/// everyone there is to tell.
enum SQLiteEventLog {
    /// Old events are trimmed every this many events of a deck, keeping at least
    /// `StoredDeckEvent.retainedCount`.
    static let trimInterval: Int64 = 128
    /// A deck's tail moves into the event table before it would grow past this many bytes: about a
    /// dozen draws (``EventTail``). A seated deck's row then stays within about 200 bytes of a plain
    /// deck's, so as many rows share a page: a batch of changes to neighbouring decks dirties no more pages, and
    /// the log and the checkpoint copy no more, than it would for plain decks. (With sixteen events
    /// in the tail, rows of 20-deck shoes went from three a page to two, and a seated draw wrote
    /// half again as many pages at 64 connections: `scripts/bench-server.py --only-seated`.)
    static let tailBudget = 192
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

    /// Rewrites the tails written before ``EventTail``'s shared-prefix entries into that format.
    static func registerTailFormatMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6: tail entries share their payload's prefix") { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, CAST(recent_events AS BLOB) FROM deck WHERE length(CAST(recent_events AS BLOB)) > 0")
            let update = try db.makeStatement(sql: "UPDATE deck SET recent_events = ? WHERE id = ?")
            for row in rows {
                let id: String = row[0]
                let old: Data = row[1]
                // A tail that cannot be read already counted as no events; it is emptied, so that the
                // new format never reads its bytes as something else.
                guard let events = EventTail.decodeWholePayloads(Array(old), deckID: id) else {
                    try update.execute(arguments: [Data(), id])
                    continue
                }
                var bytes: [UInt8] = []
                var last: EventTail.Last?
                for event in events { last = EventTail.append(event, after: last, to: &bytes) }
                try update.execute(arguments: [Data(bytes), id])
            }
        }
    }

    /// Moves the event table's rows, one an event, into runs (``insertRun(_:deckID:db:)``), a deck's
    /// events in order, at most ``migratedRunLength`` a run.
    static func registerRunMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7: events in runs") { db in
            try db.execute(
                sql: """
                    CREATE TABLE deck_event_run (
                        deck_id TEXT NOT NULL REFERENCES deck (id) ON DELETE CASCADE,
                        last_number INTEGER NOT NULL,
                        events BLOB NOT NULL,
                        PRIMARY KEY (deck_id, last_number)
                    ) WITHOUT ROWID;
                    """)
            let rows = try Row.fetchCursor(
                db, sql: "SELECT deck_id, number, CAST(payload AS BLOB) FROM deck_event ORDER BY deck_id, number")
            var run: [StoredDeckEvent] = []
            while let row = try rows.next() {
                let event = StoredDeckEvent(deckID: row[0], number: row[1], payload: Array(row[2] as Data))
                if let first = run.first, first.deckID != event.deckID || run.count == migratedRunLength {
                    try insertRun(run, deckID: first.deckID, db: db)
                    run.removeAll()
                }
                run.append(event)
            }
            if let first = run.first { try insertRun(run, deckID: first.deckID, db: db) }
            try db.execute(sql: "DROP TABLE deck_event")
        }
    }

    /// The most events the migration to runs puts in one run: about a tail's worth of a table's
    /// events, so that a run stays on its page.
    static let migratedRunLength = 16

    /// Moves events from the deck's tail into the event table as one run, in the tail's format,
    /// inside the current transaction, trimming the deck's oldest runs now and then.
    ///
    /// One row a run, rather than one an event: a spill is one insert where it was a dozen, and
    /// the table grows by fewer bytes, so its pages split less often.
    static func insertRun(_ events: [StoredDeckEvent], deckID: String, db: Database) throws {
        guard let lastNumber = events.last?.number else { return }
        var bytes: [UInt8] = []
        var last: EventTail.Last?
        for event in events { last = EventTail.append(event, after: last, to: &bytes) }
        let statement = try db.cachedStatement(
            sql: "INSERT INTO deck_event_run (deck_id, last_number, events) VALUES (?, ?, ?)")
        // Bound through SQLite's C interface, the bytes without a copy (see `Statement.runToCompletion`).
        try bytes.withUnsafeBytes { bytes in
            try statement.runToCompletion(in: db) { parameters in
                try parameters.bind(text: deckID, at: 1)
                try parameters.bind(lastNumber, at: 2)
                try parameters.bind(blob: bytes, at: 3)
            }
        }
        if events.contains(where: { $0.number % trimInterval == 0 }) {
            try db.cachedStatement(sql: "DELETE FROM deck_event_run WHERE deck_id = ? AND last_number <= ?")
                .execute(arguments: [deckID, lastNumber - StoredDeckEvent.retainedCount - trimInterval])
        }
    }

    /// A deck's events after `number`, oldest first: the event table's runs, then its tail's.
    ///
    /// A run that cannot be read (the file was damaged) counts as no events, as a damaged tail does.
    static func events(deckID: String, after number: Int64, limit: Int, db: Database) throws -> [StoredDeckEvent] {
        var events: [StoredDeckEvent] = []
        let runs = try Data.fetchCursor(
            db.cachedStatement(
                sql: "SELECT events FROM deck_event_run WHERE deck_id = ? AND last_number > ? ORDER BY last_number"),
            arguments: [deckID, number])
        while events.count < limit, let run = try runs.next() {
            for event in EventTail.decode(Array(run), deckID: deckID) ?? [] where event.number > number {
                guard events.count < limit else { break }
                events.append(event)
            }
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
        let select = try db.cachedStatement(sql: "SELECT CAST(recent_events AS BLOB) FROM deck WHERE id = ?")
        guard let bytes = try Data.fetchOne(select, arguments: [deckID]) else { return [] }
        return EventTail.decode(Array(bytes), deckID: deckID) ?? []
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
        let known = try knownTail(of: id)
        eventTailBuffer.removeAll(keepingCapacity: true)
        var last = known.last
        for event in events { last = EventTail.append(event, after: last, to: &eventTailBuffer) }
        let spills =
            known.length + eventTailBuffer.count > SQLiteEventLog.tailBudget
            || events.contains { $0.payload.count > SQLiteEventLog.largePayload }
        if spills {
            let tail = try SQLiteEventLog.tail(of: id, db: db)
            try SQLiteEventLog.insertRun(tail + events, deckID: id, db: db)
            writtenTails[id] = .empty
            return .clear
        }
        writtenTails[id] = CommittedTail(length: known.length + eventTailBuffer.count, last: last)
        return .append
    }

    /// A deck's tail as this batch leaves it so far: written by this batch, recorded by an earlier
    /// one, or else read from the row.
    private func knownTail(of id: String) throws -> CommittedTail {
        if let tail = writtenTails[id] ?? tails.value(of: id) { return tail }
        let select = try db.cachedStatement(sql: "SELECT CAST(recent_events AS BLOB) FROM deck WHERE id = ?")
        guard let bytes = try Data.fetchOne(select, arguments: [id]).map(Array.init) else { return .empty }
        let last = EventTail.decode(bytes, deckID: id)?.last.map {
            EventTail.Last(number: $0.number, payload: $0.payload)
        }
        return CommittedTail(length: bytes.count, last: last)
    }

    func deckUpdate(writesTime: Bool, tail: TailWrite) throws -> Statement {
        let time = writesTime ? ", updated_at = ?3" : ""
        let events =
            switch tail {
            case .unchanged: ""
            case .append: ", recent_events = CAST(recent_events || ?4 AS BLOB)"
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
