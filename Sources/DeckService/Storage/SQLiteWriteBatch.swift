import Foundation
import GRDB
import PlayingCards

/// The decks one batch of writes works on, inside the batch's single transaction.
///
/// Each deck is read from SQLite at most once per batch and written back at most once, when the
/// batch ends (``flush()``), however many of the batch's changes touched it. A change sees every
/// earlier change of the batch, exactly as if each had been its own transaction in queue order.
final class SQLiteWriteBatch {
    private let db: Database
    /// Every deck read or written in this batch, by id; `nil` records that no such deck exists.
    private(set) var decks: [String: DeckState?] = [:]
    /// Decks to write back, with the time of their latest change, in first-change order.
    private var changed: [(id: String, now: Int64)] = []
    private var changedIndex: [String: Int] = [:]

    init(db: Database) {
        self.db = db
    }

    /// Stores a new deck under a fresh id.
    ///
    /// - Returns: the id.
    /// - Throws: ``StorageError/idExhausted`` when eight random ids were all taken (a per-write
    ///   failure), or a `DatabaseError` (which fails the whole batch).
    func insert(_ deck: DeckState, now: Int64) throws -> String {
        let state = Data(deck.serialized())
        for _ in 0..<8 {
            let id = DeckID.random()
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO deck (id, state, created_at, updated_at) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [id, state, now, now])
            if db.changesCount == 1 {
                decks[id] = deck
                return id
            }
        }
        throw StorageError.idExhausted
    }

    /// Runs `change` on a deck's current state; the deck is written when the batch is flushed.
    ///
    /// - Returns: what `change` returned, or `nil` when no deck has that id.
    /// - Throws: what `change` threw (the deck is left as it was), ``StorageError/corruptDeck(_:_:)``,
    ///   or a `DatabaseError`.
    func update<Result>(deckID id: String, now: Int64, _ change: (inout DeckState) throws -> Result) throws -> Result? {
        guard var deck = try load(id) else { return nil }
        let before = deck
        let result = try change(&deck)
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

    /// Writes every changed deck back, once each.
    func flush() throws {
        let statement = try db.cachedStatement(sql: "UPDATE deck SET state = ?, updated_at = ? WHERE id = ?")
        for (id, now) in changed {
            guard let deck = decks[id] ?? nil else { continue }
            try statement.execute(arguments: [Data(deck.serialized()), now, id])
        }
    }

    private func load(_ id: String) throws -> DeckState? {
        if let known = decks[id] { return known }
        let select = try db.cachedStatement(sql: "SELECT state FROM deck WHERE id = ?")
        let deck = try Data.fetchOne(select, arguments: [id]).map { try SQLiteDeckStore.decode($0, id: id) }
        decks[id] = .some(deck)
        return deck
    }
}
