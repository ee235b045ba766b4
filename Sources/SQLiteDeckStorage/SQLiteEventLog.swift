import DeckStorage
import Foundation
import GRDB
import PlayingCards
import Synchronization

/// The events of live tables in SQLite: a `deck_event` table written in the same transaction as
/// the deck change each event describes, and the observers told after each commit.
///
/// One process owns an SQLite file (see ``SQLiteDeckStore``), so the observers of this process are
/// everyone there is to tell.
enum SQLiteEventLog {
    /// Old events are trimmed every this many events of a deck, keeping at least
    /// ``DeckEvent/retainedCount``.
    static let trimInterval: Int64 = 128

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

    /// Writes an event inside the current transaction, trimming the deck's oldest events now and then.
    static func insert(_ event: DeckEvent, db: Database) throws {
        // Every change of a live table runs this: bound through SQLite's C interface, the payload
        // without a copy (see `Statement.runToCompletion`).
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
                .execute(arguments: [event.deckID, event.number - DeckEvent.retainedCount - trimInterval])
        }
    }

    /// A deck's events after `number`, oldest first.
    static func events(deckID: String, after number: Int64, limit: Int, db: Database) throws -> [DeckEvent] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT number, payload FROM deck_event WHERE deck_id = ? AND number > ? ORDER BY number LIMIT ?"),
            arguments: [deckID, number, limit])
        return rows.map { row in
            let payload: Data = row[1]
            return DeckEvent(deckID: deckID, number: row[0], payload: Array(payload))
        }
    }
}

/// The observers of a store's events.
final class DeckEventObservers: Sendable {
    private let observers = Mutex<[DeckEventObserver]>([])

    func add(_ observer: @escaping DeckEventObserver) {
        observers.withLock { $0.append(observer) }
    }

    /// Tells every observer about committed events: for each deck, its latest number.
    func committed(_ events: [DeckEvent]) {
        guard !events.isEmpty else { return }
        let current = observers.withLock { $0 }
        guard !current.isEmpty else { return }
        var latest: [String: Int64] = [:]
        for event in events { latest[event.deckID] = max(latest[event.deckID] ?? 0, event.number) }
        for (deckID, number) in latest {
            for observer in current { observer(deckID, number) }
        }
    }
}

extension SQLiteWriteBatch {
    /// Runs `change` like ``update(deckID:now:_:)`` and, when the deck changed and `change`
    /// returned an event, writes the event in the batch's transaction.
    func updateRecordingEvent<Result>(
        deckID id: String, now: Int64, _ change: (inout DeckState) throws -> (Result, DeckEvent?)
    ) throws -> Result? {
        var event: DeckEvent?
        let result = try update(deckID: id, now: now) { deck in
            let before = deck
            let (result, recorded) = try change(&deck)
            if deck != before { event = recorded }
            return result
        }
        if let event {
            try SQLiteEventLog.insert(event, db: db)
            recordedEvents.append(event)
        }
        return result
    }
}

extension SQLiteDeckStore {
    public func updateRecordingEvent<Result: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, DeckEvent?)
    ) async throws -> Result? {
        try await writes.perform { batch in try batch.updateRecordingEvent(deckID: id, now: now, change) }
    }

    public func events(deckID id: String, after number: Int64, limit: Int) async throws -> [DeckEvent] {
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
