import DeckStorage
import Foundation
import GRDB
import PlayingCards

/// The idempotency keys of an SQLite store and the answers remembered with them: `deck_request`
/// (each deck's keys, gone with their deck) and `new_deck_request` (the store-wide scope of new
/// decks), written in the write batch's transaction together with the change they answer.
///
/// Only requests with a key read or write these tables. A new key is refused, before its change
/// runs, when its deck or its client already has its cap of keys from the last
/// `IdempotencyKey.guaranteedSeconds` (see `IdempotencyKey`). Old keys (older than
/// `IdempotencyKey.retentionSeconds`, or older than `IdempotencyKey.guaranteedSeconds` and beyond
/// their deck's or client's newest cap of keys) go in the expiry sweep
/// (``SQLiteDeckStore/forgetAnswers(rememberedBefore:)``), so no change pays for trimming.
enum SQLiteRememberedAnswers {
    /// Adds the two tables to the schema. Rowid tables: an answer can be many kilobytes (a draw of
    /// a thousand cards), which a `WITHOUT ROWID` row would spill into overflow pages of its index.
    static func registerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4: remembered answers") { db in
            try db.execute(
                sql: """
                    CREATE TABLE deck_request (
                        deck_id TEXT NOT NULL REFERENCES deck (id) ON DELETE CASCADE,
                        key TEXT NOT NULL,
                        fingerprint BLOB NOT NULL,
                        status INTEGER NOT NULL,
                        body BLOB NOT NULL,
                        change_number INTEGER NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX deck_request_by_key ON deck_request (deck_id, key);
                    CREATE INDEX deck_request_by_created_at ON deck_request (created_at);
                    CREATE TABLE new_deck_request (
                        key TEXT NOT NULL PRIMARY KEY,
                        fingerprint BLOB NOT NULL,
                        status INTEGER NOT NULL,
                        body BLOB NOT NULL,
                        change_number INTEGER NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX new_deck_request_by_created_at ON new_deck_request (created_at);
                    """)
        }
    }

    /// Adds who made each request (the client's tag) and the indexes the caps count with.
    static func registerClientMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9: remembered answers by client") { db in
            try db.execute(
                sql: """
                    ALTER TABLE deck_request ADD COLUMN client BLOB NOT NULL DEFAULT x'';
                    ALTER TABLE new_deck_request ADD COLUMN client BLOB NOT NULL DEFAULT x'';
                    CREATE INDEX deck_request_by_deck_and_time ON deck_request (deck_id, created_at);
                    CREATE INDEX deck_request_by_client ON deck_request (client, created_at);
                    CREATE INDEX new_deck_request_by_client ON new_deck_request (client, created_at);
                    """)
        }
    }

    /// The cap a new key of `deckID` (`nil`: of a new deck) by `client` would pass, if any.
    static func capReached(deckID: String?, client: [UInt8], now: Int64, db: Database) throws -> IdempotencyCap? {
        let since = now - IdempotencyKey.guaranteedSeconds
        if let deckID {
            let deckKeys =
                try Int64.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT count(*) FROM deck_request WHERE deck_id = ? AND created_at >= ?"),
                    arguments: [deckID, since]) ?? 0
            if deckKeys >= IdempotencyKey.maximumPerDeck { return .deck }
        }
        guard !client.isEmpty else { return nil }
        let clientKeys =
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT (SELECT count(*) FROM deck_request WHERE client = ?1 AND created_at >= ?2)
                            + (SELECT count(*) FROM new_deck_request WHERE client = ?1 AND created_at >= ?2)
                        """),
                arguments: [Data(client), since]) ?? 0
        return clientKeys >= IdempotencyKey.maximumPerClient ? .client : nil
    }

    /// A remembered key's fingerprint and answer.
    struct Remembered {
        let fingerprint: [UInt8]
        let answer: RememberedAnswer

        /// The outcome for a request with `key`: its answer again, or a refusal of another request.
        func outcome<Result>(for key: IdempotencyKey) -> IdempotentOutcome<Result> {
            fingerprint == key.fingerprint ? .replayed(answer) : .keyReused
        }
    }

    /// The deck's remembered `key`, if any (also one written earlier in the current transaction).
    static func lookUp(deckID: String, key: String, db: Database) throws -> Remembered? {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT fingerprint, status, body, change_number FROM deck_request WHERE deck_id = ? AND key = ?
                    """),
            arguments: [deckID, key])
        return row.map(remembered)
    }

    /// The new-deck scope's remembered `key`, if any.
    static func lookUpNewDeck(key: String, db: Database) throws -> Remembered? {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT fingerprint, status, body, change_number FROM new_deck_request WHERE key = ?"),
            arguments: [key])
        return row.map(remembered)
    }

    private static func remembered(_ row: Row) -> Remembered {
        let fingerprint: Data = row[0]
        let body: Data = row[2]
        return Remembered(
            fingerprint: Array(fingerprint),
            answer: RememberedAnswer(status: row[1], body: Array(body), changeNumber: row[3]))
    }

    /// Remembers a deck's key with its answer.
    static func remember(
        _ answer: RememberedAnswer, key: IdempotencyKey, deckID: String, now: Int64, db: Database
    )
        throws
    {
        try db.cachedStatement(
            sql: """
                INSERT INTO deck_request (deck_id, key, fingerprint, status, body, change_number, created_at, client)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            deckID, key.key, Data(key.fingerprint), answer.status, Data(answer.body), answer.changeNumber, now,
            Data(key.client),
        ])
    }

    /// Remembers a new-deck key with its answer.
    static func rememberNewDeck(_ answer: RememberedAnswer, key: IdempotencyKey, now: Int64, db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO new_deck_request (key, fingerprint, status, body, change_number, created_at, client)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            key.key, Data(key.fingerprint), answer.status, Data(answer.body), answer.changeNumber, now,
            Data(key.client),
        ])
    }

    /// Forgets every key remembered before `cutoff`, and the keys past their guaranteed time
    /// (`IdempotencyKey.guaranteedSeconds`) beyond their deck's newest
    /// `IdempotencyKey.maximumPerDeck` or their client's newest `IdempotencyKey.maximumPerClient`
    /// (a table's keys are in rowid order).
    ///
    /// - Parameters:
    ///   - cutoff: now minus `IdempotencyKey.retentionSeconds`.
    ///   - db: the database, in a write transaction.
    /// - Returns: how many.
    static func forget(rememberedBefore cutoff: Int64, db: Database) throws -> Int {
        let guaranteed = cutoff + IdempotencyKey.retentionSeconds - IdempotencyKey.guaranteedSeconds
        try db.execute(
            sql: """
                DELETE FROM deck_request WHERE created_at < ?1 OR (created_at < ?2 AND rowid IN (
                    SELECT rowid FROM (
                        SELECT rowid, row_number() OVER (PARTITION BY deck_id ORDER BY rowid DESC) AS newer
                        FROM deck_request
                    ) WHERE newer > ?3
                    UNION ALL
                    SELECT rowid FROM (
                        SELECT rowid, row_number() OVER (PARTITION BY client ORDER BY rowid DESC) AS newer
                        FROM deck_request WHERE client <> x''
                    ) WHERE newer > ?4
                ))
                """,
            arguments: [cutoff, guaranteed, IdempotencyKey.maximumPerDeck, IdempotencyKey.maximumPerClient])
        var forgotten = db.changesCount
        try db.execute(
            sql: """
                DELETE FROM new_deck_request WHERE created_at < ?1 OR (created_at < ?2 AND rowid IN (
                    SELECT rowid FROM (
                        SELECT rowid, row_number() OVER (PARTITION BY client ORDER BY rowid DESC) AS newer
                        FROM new_deck_request WHERE client <> x''
                    ) WHERE newer > ?3
                ))
                """, arguments: [cutoff, guaranteed, IdempotencyKey.maximumPerClient])
        forgotten += db.changesCount
        return forgotten
    }
}

extension SQLiteWriteBatch {
    /// Runs a keyed change in the batch's transaction (see `DeckStore.updateOnce(deckID:now:key:_:)`):
    /// the key is looked up first, and remembered with the change's answer when the change ran.
    func updateOnce<Result>(
        deckID id: String, now: Int64, key: IdempotencyKey,
        _ change: (inout DeckState) throws -> (Result, StoredDeckEvent?, RememberedAnswer)
    ) throws -> IdempotentOutcome<Result>? {
        if let remembered = try SQLiteRememberedAnswers.lookUp(deckID: id, key: key.key, db: db) {
            return remembered.outcome(for: key)
        }
        guard try load(id) != nil else { return nil }
        if let cap = try SQLiteRememberedAnswers.capReached(deckID: id, client: key.client, now: now, db: db) {
            return .capReached(cap)
        }
        var answer: RememberedAnswer?
        let result = try updateRecordingEvent(deckID: id, now: now) { deck in
            let (result, event, given) = try change(&deck)
            answer = given
            return (result, event)
        }
        guard let result, let answer else { return nil }
        try SQLiteRememberedAnswers.remember(answer, key: key, deckID: id, now: now, db: db)
        return .performed(result)
    }

    /// Stores a new deck once per key of the new-deck scope.
    func insertOnce(
        _ deck: DeckState, now: Int64, key: IdempotencyKey, answer: (String) -> RememberedAnswer
    ) throws -> IdempotentOutcome<String> {
        if let remembered = try SQLiteRememberedAnswers.lookUpNewDeck(key: key.key, db: db) {
            return remembered.outcome(for: key)
        }
        if let cap = try SQLiteRememberedAnswers.capReached(deckID: nil, client: key.client, now: now, db: db) {
            return .capReached(cap)
        }
        let id = try insert(deck, now: now)
        try SQLiteRememberedAnswers.rememberNewDeck(answer(id), key: key, now: now, db: db)
        return .performed(id)
    }
}

extension SQLiteDeckStore {
    public func updateOnce<Result: Sendable>(
        deckID id: String, now: Int64, key: IdempotencyKey,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?, RememberedAnswer)
    ) async throws -> IdempotentOutcome<Result>? {
        try await writes.perform { batch in try batch.updateOnce(deckID: id, now: now, key: key, change) }
    }

    public func insertOnce(
        _ deck: DeckState, now: Int64, key: IdempotencyKey,
        answer: @escaping @Sendable (_ id: String) -> RememberedAnswer
    ) async throws -> IdempotentOutcome<String> {
        try await writes.perform { batch in try batch.insertOnce(deck, now: now, key: key, answer: answer) }
    }

    public func forgetAnswers(rememberedBefore cutoff: Int64) async throws -> Int {
        try await writes.perform { batch in try SQLiteRememberedAnswers.forget(rememberedBefore: cutoff, db: batch.db) }
    }
}
