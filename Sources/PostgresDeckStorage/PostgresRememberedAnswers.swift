import DeckStorage
import NIOCore
import PostgresNIO

/// The idempotency keys of the PostgreSQL store and the answers remembered with them:
/// `deck_request` (each deck's keys, gone with their deck) and `new_deck_request` (the store-wide
/// scope of new decks). A deck's keys are written by the statement that writes the change they
/// answer (``WriteBackRemembering``), a new deck's key by the statement that inserts the deck
/// (``InsertDeckRemembering``), so a key and its change commit together or not at all, whichever
/// of the servers on the database runs them.
///
/// Only requests with a key touch these tables: a batch without keys runs
/// ``PostgresStatements/WriteBack`` as before. A new key is refused before its change is submitted
/// when its deck or client has its cap of keys from the last hour already (``CountRecent``; see
/// `IdempotencyKey`): the count is read outside the write, so requests racing past it at once may
/// pass a cap by as many as race. Old keys go in the expiry sweep (``Forget``), so no change pays
/// for trimming.
enum PostgresRememberedAnswers {
    static let migration = PostgresMigrations.Migration(
        version: 3, name: "remembered answers",
        statements: [
            """
            CREATE TABLE deck_request (
                id BIGSERIAL PRIMARY KEY,
                deck_id TEXT NOT NULL REFERENCES deck (id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                fingerprint BYTEA NOT NULL,
                status INTEGER NOT NULL,
                body BYTEA NOT NULL,
                change_number BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                UNIQUE (deck_id, key)
            )
            """,
            "CREATE INDEX deck_request_by_created_at ON deck_request (created_at)",
            """
            CREATE TABLE new_deck_request (
                key TEXT PRIMARY KEY NOT NULL,
                fingerprint BYTEA NOT NULL,
                status INTEGER NOT NULL,
                body BYTEA NOT NULL,
                change_number BIGINT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX new_deck_request_by_created_at ON new_deck_request (created_at)",
        ])

    /// Who made each request (the client's tag), and the indexes the caps count with.
    static let clientMigration = PostgresMigrations.Migration(
        version: 6, name: "remembered answers by client",
        statements: [
            "ALTER TABLE deck_request ADD COLUMN client BYTEA NOT NULL DEFAULT '\\x'::bytea",
            "ALTER TABLE new_deck_request ADD COLUMN client BYTEA NOT NULL DEFAULT '\\x'::bytea",
            "CREATE INDEX deck_request_by_deck_and_time ON deck_request (deck_id, created_at)",
            "CREATE INDEX deck_request_by_client ON deck_request (client, created_at)",
            "CREATE INDEX new_deck_request_by_client ON new_deck_request (client, created_at)",
        ])

    /// For a new key: whether it is remembered already (then no cap applies), how many keys its
    /// deck has from the last hour, and how many its client has (of decks and new decks).
    struct CountRecent: PostgresPreparedStatement {
        static let sql = """
            SELECT EXISTS (SELECT 1 FROM deck_request WHERE deck_id = $1 AND key = $2)
                    OR EXISTS (SELECT 1 FROM new_deck_request WHERE $1 = '' AND key = $2),
                (SELECT count(*) FROM deck_request WHERE deck_id = $1 AND created_at >= $3),
                CASE WHEN $4 = '\\x'::bytea THEN 0 ELSE
                    (SELECT count(*) FROM deck_request WHERE client = $4 AND created_at >= $3)
                    + (SELECT count(*) FROM new_deck_request WHERE client = $4 AND created_at >= $3) END
            """
        typealias Row = (Bool, Int64, Int64)
        /// The deck's id; empty for a new deck.
        let deckID: String
        let key: IdempotencyKey
        let now: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(deckID)
            bindings.append(key.key)
            bindings.append(now - IdempotencyKey.guaranteedSeconds)
            bindings.append(ByteBuffer(bytes: key.client))
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }

        /// The cap the counts say a new key would pass.
        static func cap(of row: Row) -> IdempotencyCap? {
            guard !row.0 else { return nil }
            if row.1 >= IdempotencyKey.maximumPerDeck { return .deck }
            return row.2 >= IdempotencyKey.maximumPerClient ? .client : nil
        }
    }

    /// A remembered key's fingerprint and answer.
    struct Remembered: Sendable {
        let fingerprint: [UInt8]
        let answer: RememberedAnswer

        /// The outcome for a request with `key`: its answer again, or a refusal of another request.
        func outcome<Result>(for key: IdempotencyKey) -> IdempotentOutcome<Result> {
            fingerprint == key.fingerprint ? .replayed(answer) : .keyReused
        }

        init(fingerprint: ByteBuffer, status: Int32, body: ByteBuffer, changeNumber: Int64) {
            self.fingerprint = Array(fingerprint.readableBytesView)
            answer = RememberedAnswer(
                status: Int(status), body: Array(body.readableBytesView), changeNumber: changeNumber)
        }
    }

    /// The remembered keys among `(deck_id, key)` pairs, with their answers.
    struct SelectRemembered: PostgresPreparedStatement {
        static let sql = """
            SELECT r.deck_id, r.key, r.fingerprint, r.status, r.body, r.change_number
            FROM unnest($1::text[], $2::text[]) AS asked(deck_id, key)
            JOIN deck_request r ON r.deck_id = asked.deck_id AND r.key = asked.key
            """
        typealias Row = (String, String, ByteBuffer, Int32, ByteBuffer, Int64)
        let deckIDs: [String]
        let keys: [String]

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(deckIDs)
            bindings.append(keys)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// A key of the new-deck scope, with its answer.
    struct SelectNewDeckRequest: PostgresPreparedStatement {
        static let sql = "SELECT fingerprint, status, body, change_number FROM new_deck_request WHERE key = $1"
        typealias Row = (ByteBuffer, Int32, ByteBuffer, Int64)
        let key: String

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(key)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Inserts a deck unless its id is taken and, with it, its key of the new-deck scope; returns a
    /// row only when both were inserted. A key that is already there (another server inserted it
    /// meanwhile) fails the statement with a unique violation, so that the deck is not inserted
    /// either.
    struct InsertDeckRemembering: PostgresPreparedStatement {
        static let sql = """
            WITH inserted AS (
                INSERT INTO deck (id, state, version, created_at, updated_at) VALUES ($1, $2, 0, $3, $3)
                ON CONFLICT (id) DO NOTHING RETURNING id
            )
            INSERT INTO new_deck_request (key, fingerprint, status, body, change_number, created_at, client)
            SELECT $4, $5, $6, $7, $8, $3, $9 FROM inserted
            RETURNING 1
            """
        typealias Row = Int32
        let id: String
        let state: ByteBuffer
        let now: Int64
        let key: IdempotencyKey
        let answer: RememberedAnswer

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 9)
            bindings.append(id)
            bindings.append(state)
            bindings.append(now)
            bindings.append(key.key)
            bindings.append(ByteBuffer(bytes: key.fingerprint))
            bindings.append(Int32(clamping: answer.status))
            bindings.append(ByteBuffer(bytes: answer.body))
            bindings.append(answer.changeNumber)
            bindings.append(ByteBuffer(bytes: key.client))
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int32.self) }
    }

    /// Forgets the keys remembered before a time, and the keys past their guaranteed hour beyond
    /// their deck's newest `IdempotencyKey.maximumPerDeck` or their client's newest
    /// `IdempotencyKey.maximumPerClient`; returns one row per key forgotten.
    struct Forget: PostgresPreparedStatement {
        static let sql = """
            WITH forgotten_deck_keys AS (
                DELETE FROM deck_request WHERE created_at < $1 OR (created_at < $2 AND id IN (
                    SELECT id FROM (
                        SELECT id, row_number() OVER (PARTITION BY deck_id ORDER BY id DESC) AS newer
                        FROM deck_request
                    ) AS ranked WHERE newer > $3
                    UNION ALL
                    SELECT id FROM (
                        SELECT id, row_number() OVER (PARTITION BY client ORDER BY id DESC) AS newer
                        FROM deck_request WHERE client <> '\\x'::bytea
                    ) AS ranked WHERE newer > $4
                )) RETURNING 1
            ), forgotten_new_deck_keys AS (
                DELETE FROM new_deck_request WHERE created_at < $1 OR (created_at < $2 AND key IN (
                    SELECT key FROM (
                        SELECT key, row_number() OVER (PARTITION BY client ORDER BY created_at DESC) AS newer
                        FROM new_deck_request WHERE client <> '\\x'::bytea
                    ) AS ranked WHERE newer > $4
                )) RETURNING 1
            )
            SELECT 1 FROM forgotten_deck_keys UNION ALL SELECT 1 FROM forgotten_new_deck_keys
            """
        typealias Row = Int32
        let cutoff: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(cutoff)
            bindings.append(cutoff + IdempotencyKey.retentionSeconds - IdempotencyKey.guaranteedSeconds)
            bindings.append(IdempotencyKey.maximumPerDeck)
            bindings.append(IdempotencyKey.maximumPerClient)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int32.self) }
    }

    /// The keys one write-back remembers: a row per keyed change that ran, with its answer.
    struct Requests {
        private(set) var deckIDs: [String] = []
        private(set) var keys: [String] = []
        private(set) var fingerprints: [ByteBuffer] = []
        private(set) var statuses: [Int32] = []
        private(set) var bodies: [ByteBuffer] = []
        private(set) var changeNumbers: [Int64] = []
        private(set) var createdAt: [Int64] = []
        private(set) var clients: [ByteBuffer] = []

        var isEmpty: Bool { deckIDs.isEmpty }

        /// Adds the keys of `changes` (of deck `id`) whose latest run gave an answer; a change that
        /// threw is not remembered.
        mutating func add(keysOf changes: [PostgresPendingChange], deckID id: String) {
            for change in changes {
                guard let key = change.key, let answer = change.answer() else { continue }
                deckIDs.append(id)
                keys.append(key.key)
                fingerprints.append(ByteBuffer(bytes: key.fingerprint))
                statuses.append(Int32(clamping: answer.status))
                bodies.append(ByteBuffer(bytes: answer.body))
                changeNumbers.append(answer.changeNumber)
                createdAt.append(change.now)
                clients.append(ByteBuffer(bytes: key.client))
            }
        }
    }

    /// ``PostgresStatements/WriteBack`` for a batch with keyed changes: the same compare-and-swap
    /// write of the decks and their events, and the keys of the decks it writes (or finds current,
    /// for keyed changes that left their deck as it was) remembered with their answers, in the
    /// same statement. The decks of keyed changes are locked in id order with the decks written,
    /// so that two servers running the same key one after the other find it: the second one's
    /// deck is no longer at the version it expected, and the batch looks the key up again before
    /// it runs the deck's changes once more. Parameters `$1`…`$8` are
    /// ``PostgresStatements/WriteBack``'s; the answer's rows are the same.
    struct WriteBackRemembering: PostgresPreparedStatement {
        static let sql = """
            WITH input AS (
                SELECT * FROM unnest($1::text[], $2::bytea[], $3::int8[], $4::int8[], $5::bool[])
                    AS input(id, state, expected_version, updated_at, write)
            ), request AS (
                SELECT * FROM unnest(
                    $9::text[], $10::text[], $11::bytea[], $12::int4[], $13::bytea[], $14::int8[], $15::int8[],
                    $16::bytea[]
                ) WITH ORDINALITY
                    AS request(deck_id, key, fingerprint, status, body, change_number, created_at, client, position)
            ), locked AS (
                SELECT deck.id, deck.version, deck.state FROM deck JOIN input ON deck.id = input.id
                WHERE input.write OR input.id IN (SELECT deck_id FROM request) ORDER BY deck.id FOR UPDATE OF deck
            ), written AS (
                UPDATE deck SET state = input.state, version = deck.version + 1, updated_at = input.updated_at
                FROM input JOIN locked ON locked.id = input.id
                WHERE deck.id = input.id AND input.write AND locked.version = input.expected_version
                RETURNING deck.id, deck.version
            ), recorded AS (
                INSERT INTO deck_event (deck_id, number, payload)
                SELECT event.deck_id, event.number, event.payload
                FROM unnest($6::text[], $7::int8[], $8::bytea[]) AS event(deck_id, number, payload)
                JOIN written ON written.id = event.deck_id
            ), current_deck AS (
                SELECT id FROM written
                UNION ALL
                SELECT locked.id FROM locked JOIN input ON input.id = locked.id
                WHERE NOT input.write AND locked.version = input.expected_version
            ), remembered AS (
                INSERT INTO deck_request (deck_id, key, fingerprint, status, body, change_number, created_at, client)
                SELECT request.deck_id, request.key, request.fingerprint, request.status, request.body,
                    request.change_number, request.created_at, request.client
                FROM request JOIN current_deck ON current_deck.id = request.deck_id ORDER BY request.position
                ON CONFLICT (deck_id, key) DO NOTHING
            )
            SELECT id, version, true, NULL::bytea FROM written
            UNION ALL
            SELECT locked.id, locked.version, false,
                CASE WHEN NOT input.write AND locked.version = input.expected_version THEN NULL ELSE locked.state END
            FROM locked JOIN input ON input.id = locked.id
            WHERE NOT EXISTS (SELECT 1 FROM written WHERE written.id = locked.id)
            UNION ALL
            SELECT deck.id, deck.version, false,
                CASE WHEN deck.version = input.expected_version THEN NULL ELSE deck.state END
            FROM deck JOIN input ON deck.id = input.id
            WHERE NOT input.write AND input.id NOT IN (SELECT deck_id FROM request)
            """
        typealias Row = PostgresStatements.WriteBack.Row
        let writeBack: PostgresStatements.WriteBack
        let requests: Requests

        func makeBindings() -> PostgresBindings {
            var bindings = writeBack.makeBindings()
            bindings.append(requests.deckIDs)
            bindings.append(requests.keys)
            bindings.append(requests.fingerprints)
            bindings.append(requests.statuses)
            bindings.append(requests.bodies)
            bindings.append(requests.changeNumbers)
            bindings.append(requests.createdAt)
            bindings.append(requests.clients)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
