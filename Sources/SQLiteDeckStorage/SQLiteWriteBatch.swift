import DeckStorage
import Foundation
import GRDB
import PlayingCards

/// The decks one batch of writes works on, inside the batch's single transaction.
///
/// Each deck is loaded at most once per batch and written back at most once, when the batch ends
/// (``flush()``), however many of the batch's changes touched it. A change sees every earlier
/// change of the batch, exactly as if each had been its own transaction in queue order.
///
/// A deck is loaded from the read cache when it is there, since the cache holds only committed,
/// current states: every batch stores its results before the next batch starts, and deleting
/// decks (the only other kind of write) runs as a batch operation that empties the cache. A deck
/// that is not in SQLite when written back fails the batch rather than losing the change.
///
/// A deck's `updated_at` is written only when ``RecordedChangeTimes`` says the stored one is a
/// minute old or unknown; expiry allows for that lag.
final class SQLiteWriteBatch {
    let db: Database
    private let cache: DeckReadCache
    private let changeTimes: RecordedChangeTimes
    let tails: RecordedTails
    /// Every deck read or written in this batch, by id; `nil` records that no such deck exists.
    private(set) var decks: [String: DeckState?] = [:]
    /// Decks to write back, with the time of their latest change, in first-change order.
    private var changed: [(id: String, now: Int64)] = []
    private var changedIndex: [String: Int] = [:]
    /// Whether the batch deleted decks, so that the cache must be emptied once it commits.
    private(set) var deletedDecks = false
    /// The `updated_at` times written since the batch began (or last deleted decks), for
    /// ``RecordedChangeTimes`` once it commits.
    private(set) var writtenChangeTimes: [String: Int64] = [:]
    /// The events written in this batch (see SQLiteEventLog), for the observers once it commits.
    var recordedEvents: [StoredDeckEvent] = []
    /// The events of each deck not yet written: they go with the deck's row when it is flushed
    /// (see `SQLiteEventLog`).
    var unwrittenEvents: [String: [StoredDeckEvent]] = [:]
    /// Each tail this batch wrote, recorded in ``tails`` once it commits.
    var writtenTails: [String: CommittedTail] = [:]
    /// The bytes of the events that ``flush()`` appends to a deck's row; kept between decks so that
    /// its capacity carries over.
    var eventTailBuffer: [UInt8] = []
    /// Where ``flush()`` serializes decks; the write queue lends it for the batch, so that its
    /// capacity carries over from batch to batch.
    var serializationBuffer: [UInt8] = []

    init(db: Database, cache: DeckReadCache, changeTimes: RecordedChangeTimes, tails: RecordedTails) {
        self.db = db
        self.cache = cache
        self.changeTimes = changeTimes
        self.tails = tails
    }

    /// Stores a new deck under a fresh id.
    ///
    /// - Returns: the id.
    /// - Throws: `StorageError` when eight random ids were all taken (a per-write
    ///   failure), or a `DatabaseError` (which fails the whole batch).
    func insert(_ deck: DeckState, now: Int64) throws -> String {
        let state = Data(try deck.serialized())
        for _ in 0..<8 {
            let id = DeckID.random()
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO deck (id, state, created_at, updated_at) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [id, state, now, now])
            if db.changesCount == 1 {
                decks[id] = deck
                writtenChangeTimes[id] = now
                return id
            }
        }
        throw StorageError.idExhausted
    }

    /// Runs `change` on a deck's current state; the deck is written when the batch is flushed.
    ///
    /// - Returns: what `change` returned, or `nil` when no deck has that id.
    /// - Throws: what `change` threw (the deck is left as it was), `StorageError`,
    ///   or a `DatabaseError`.
    func update<Result>(deckID id: String, now: Int64, _ change: (inout DeckState) throws -> Result) throws -> Result? {
        guard var deck = try load(id) else { return nil }
        let before = deck
        let result = try change(&deck)
        // A deck the format cannot hold fails this change alone, before the batch writes it.
        try deck.checkEncodable()
        if deck != before {
            decks[id] = deck
            if let index = changedIndex[id] {
                changed[index].now = max(changed[index].now, now)
            } else {
                changedIndex[id] = changed.count
                changed.append((id, now))
            }
        }
        return result
    }

    /// Deletes every deck whose last change is older than `cutoff`, after writing back the
    /// batch's changes so far (which carry their new times).
    ///
    /// A stored time may lag its deck's latest change by less than
    /// `RecordedChangeTimes.resolutionSeconds`, so only decks stored as unchanged for that much
    /// longer are deleted: a deck changed since `cutoff` never is, and one unchanged since just
    /// before it may stay until a later sweep.
    ///
    /// - Returns: how many decks were deleted.
    func deleteDecks(unchangedBefore cutoff: Int64) throws -> Int {
        try flush()
        let resolution = RecordedChangeTimes.resolutionSeconds
        let storedCutoff = cutoff > Int64.min + resolution ? cutoff - resolution : Int64.min
        try db.execute(sql: "DELETE FROM deck WHERE updated_at < ?", arguments: [storedCutoff])
        let deleted = db.changesCount
        if deleted > 0 {
            decks.removeAll()
            deletedDecks = true
            // The record starts over once this commits; the times written so far need not be kept.
            writtenChangeTimes.removeAll()
        }
        return deleted
    }

    /// Writes every changed deck back, once each, with its change time when that is due.
    ///
    /// - Throws: a `DatabaseError` when a changed deck is no longer stored, which fails the batch.
    func flush() throws {
        for (id, now) in changed {
            guard let deck = decks[id] ?? nil else { continue }
            serializationBuffer.removeAll(keepingCapacity: true)
            try deck.serialize(into: &serializationBuffer)
            let writesTime = changeTimes.needsWriting(deck: id, now: now)
            let tail = try eventTail(writtenWith: id)
            let statement = try deckUpdate(writesTime: writesTime, tail: tail)
            try serializationBuffer.withUnsafeBytes { bytes in
                try eventTailBuffer.withUnsafeBytes { events in
                    // The state and events are bound without a copy: the bytes stay put until the
                    // statement has run and its parameters are cleared.
                    try statement.runToCompletion(in: db) { parameters in
                        try parameters.bind(blob: bytes, at: 1)
                        try parameters.bind(text: id, at: 2)
                        if writesTime { try parameters.bind(now, at: 3) }
                        if tail == .append { try parameters.bind(blob: events, at: 4) }
                    }
                }
            }
            guard db.changesCount == 1 else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "deck \(id) vanished while being changed")
            }
            if writesTime { writtenChangeTimes[id] = now }
        }
        changed.removeAll()
        changedIndex.removeAll()
    }

    /// The deck as this batch has it (loaded once per batch); `nil` when no deck has that id.
    func load(_ id: String) throws -> DeckState? {
        if let known = decks[id] { return known }
        if !deletedDecks, let cached = cache.deck(withID: id) {
            decks[id] = cached
            return cached
        }
        let select = try db.cachedStatement(sql: "SELECT state FROM deck WHERE id = ?")
        let deck = try Data.fetchOne(select, arguments: [id]).map { try SQLiteDeckStore.decode($0, id: id) }
        decks[id] = .some(deck)
        return deck
    }
}
