import DeckStorage
import NIOCore
import PostgresNIO

/// The prepared statements of ``PostgresDeckStore``: each is parsed once per connection and then
/// sent as a bind/execute, which is what makes one request one cheap round trip.
enum PostgresStatements {
    /// Reads a deck's state and version.
    struct SelectDeck: PostgresPreparedStatement {
        static let sql = "SELECT state, version FROM deck WHERE id = $1"
        typealias Row = (ByteBuffer, Int64)
        let id: String

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Inserts a deck unless its id is taken; returns a row only when it was inserted.
    struct InsertDeck: PostgresPreparedStatement {
        static let sql = """
            INSERT INTO deck (id, state, version, created_at, updated_at) VALUES ($1, $2, 0, $3, $3) \
            ON CONFLICT (id) DO NOTHING RETURNING version
            """
        typealias Row = Int64
        let id: String
        let state: ByteBuffer
        let now: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(id)
            bindings.append(state)
            bindings.append(now)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
    }

    /// Deletes decks unchanged since `cutoff`, returning one row per deleted deck.
    ///
    /// The rows are locked in id order first, as every batch locks them (see ``WriteBack``), so a
    /// sweep and a batch cannot deadlock; a deck changed meanwhile is rechecked and kept.
    struct DeleteExpired: PostgresPreparedStatement {
        static let sql = """
            DELETE FROM deck WHERE updated_at < $1 AND id IN \
            (SELECT id FROM deck WHERE updated_at < $1 ORDER BY id FOR UPDATE) RETURNING 1
            """
        typealias Row = Int32
        let cutoff: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(cutoff)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int32.self) }
    }

    /// Counts the decks.
    struct CountDecks: PostgresPreparedStatement {
        static let sql = "SELECT count(*) FROM deck"
        typealias Row = Int64

        func makeBindings() -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
    }

    /// Reads several decks' states and versions in one round trip.
    struct SelectDecks: PostgresPreparedStatement {
        static let sql = "SELECT id, state, version FROM deck WHERE id = ANY($1)"
        typealias Row = (String, ByteBuffer, Int64)
        let ids: [String]

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(ids)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Reads several decks and locks their rows until the transaction ends, in id order (the order
    /// every statement that locks several decks uses, so that no two of them can deadlock).
    struct SelectDecksForUpdate: PostgresPreparedStatement {
        static let sql = "SELECT id, state, version FROM deck WHERE id = ANY($1) ORDER BY id FOR UPDATE"
        typealias Row = (String, ByteBuffer, Int64)
        let ids: [String]

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(ids)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// A batch's write: for every deck of the batch, either a compare-and-swap of its new state
    /// (written only if the row still has the version the change was computed from) or, for a deck
    /// the batch left unchanged, a check of its version. One statement, one round trip.
    ///
    /// The rows to write are first locked in id order (the `locked` step), so two batches of two
    /// processes that share decks wait for each other instead of deadlocking, and `locked.version`
    /// is the row's latest committed version. Rows only checked are not locked: their version as of
    /// the statement's start is current enough, since it started after every change this process
    /// was told about. The answer has one row per stored deck of the input: `(id, version,
    /// written, state)`, where `version` is the new version of a written deck and the current one
    /// of a deck left alone, and `state` is `NULL` unless the row was not at the expected version:
    /// then it is the row's current state (for a locked row, its latest committed one, read with
    /// the lock), so the batch runs the deck's changes again on it without another read. A deck
    /// that no longer exists has no row.
    ///
    /// The events of live tables (`$6`…`$8`, see ``PostgresEventLog``) are inserted for the decks
    /// written, in the same statement, so they commit with their change or not at all, and the
    /// event table's statement trigger notifies listeners at that commit, once for the statement.
    struct WriteBack: PostgresPreparedStatement {
        static let sql = """
            WITH input AS (
                SELECT * FROM unnest($1::text[], $2::bytea[], $3::int8[], $4::int8[], $5::bool[])
                    AS input(id, state, expected_version, updated_at, write)
            ), locked AS (
                SELECT deck.id, deck.version, deck.state FROM deck JOIN input ON deck.id = input.id
                WHERE input.write ORDER BY deck.id FOR UPDATE OF deck
            ), written AS (
                UPDATE deck SET state = input.state, version = deck.version + 1, updated_at = input.updated_at
                FROM input JOIN locked ON locked.id = input.id
                WHERE deck.id = input.id AND locked.version = input.expected_version
                RETURNING deck.id, deck.version
            ), recorded AS (
                INSERT INTO deck_event (deck_id, number, payload)
                SELECT event.deck_id, event.number, event.payload
                FROM unnest($6::text[], $7::int8[], $8::bytea[]) AS event(deck_id, number, payload)
                JOIN written ON written.id = event.deck_id
            )
            SELECT id, version, true, NULL::bytea FROM written
            UNION ALL
            SELECT locked.id, locked.version, false, locked.state FROM locked
            WHERE NOT EXISTS (SELECT 1 FROM written WHERE written.id = locked.id)
            UNION ALL
            SELECT deck.id, deck.version, false,
                CASE WHEN deck.version = input.expected_version THEN NULL ELSE deck.state END
            FROM deck JOIN input ON deck.id = input.id WHERE NOT input.write
            """
        typealias Row = (String, Int64, Bool, ByteBuffer?)
        let ids: [String]
        let states: [ByteBuffer]
        let expectedVersions: [Int64]
        let updatedAt: [Int64]
        let writes: [Bool]
        let eventDeckIDs: [String]
        let eventNumbers: [Int64]
        let eventPayloads: [ByteBuffer]

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 8)
            bindings.append(ids)
            bindings.append(states)
            bindings.append(expectedVersions)
            bindings.append(updatedAt)
            bindings.append(writes)
            bindings.append(eventDeckIDs)
            bindings.append(eventNumbers)
            bindings.append(eventPayloads)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
