import DeckStorage
import NIOCore
import PostgresNIO

/// The events of live tables in PostgreSQL: a `deck_event` table, written in the same statement
/// as the deck change each event describes (``PostgresStatements/WriteBack``). A trigger on it calls
/// `pg_notify` once per statement that inserted events, inside that transaction, so every
/// `riffle serve` on the database that LISTENs on ``channel`` hears of the events once they are
/// committed, and never before.
enum PostgresEventLog {
    /// The notification channel; each payload lists decks and the number of each one's latest new
    /// event: `<deck id> <event number>`, comma-separated (one pair when one deck changed).
    static let channel = "riffle_deck_events"
    /// The most decks one notification names, which keeps a payload well under PostgreSQL's limit
    /// of 8,000 bytes (a pair takes at most 33); a statement that wrote events of more decks sends
    /// more notifications.
    static let decksPerNotification = 200
    /// Old events are trimmed every this many events of a deck, keeping at least
    /// `StoredDeckEvent.retainedCount`.
    static let trimInterval: Int64 = 128

    static let migration = PostgresMigrations.Migration(
        version: 2, name: "deck events",
        statements: [
            """
            CREATE TABLE deck_event (
                deck_id TEXT NOT NULL REFERENCES deck (id) ON DELETE CASCADE,
                number BIGINT NOT NULL,
                payload BYTEA NOT NULL,
                PRIMARY KEY (deck_id, number)
            )
            """,
            """
            CREATE FUNCTION riffle_notify_deck_event() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(channel)', NEW.deck_id || ' ' || NEW.number::text);
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER deck_event_notify AFTER INSERT ON deck_event
            FOR EACH ROW EXECUTE FUNCTION riffle_notify_deck_event()
            """,
        ])

    /// One notification per statement (a batch of changes) instead of one per event: the row
    /// trigger of version 2 called `pg_notify`, and each listening server woke up, once per event.
    /// The statement trigger reads the rows the statement inserted (its transition table) and names
    /// each deck once, with its latest event.
    static let batchedNotifications = PostgresMigrations.Migration(
        version: 4, name: "one event notification per statement",
        statements: [
            "DROP TRIGGER deck_event_notify ON deck_event",
            "DROP FUNCTION riffle_notify_deck_event()",
            """
            CREATE FUNCTION riffle_notify_deck_events() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(channel)', string_agg(deck_id || ' ' || number::text, ',' ORDER BY deck_id))
                FROM (
                    SELECT deck_id, max(number) AS number,
                        (row_number() OVER (ORDER BY deck_id) - 1) / \(decksPerNotification) AS part
                    FROM inserted GROUP BY deck_id
                ) AS latest
                GROUP BY part;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER deck_event_notify AFTER INSERT ON deck_event REFERENCING NEW TABLE AS inserted
            FOR EACH STATEMENT EXECUTE FUNCTION riffle_notify_deck_events()
            """,
        ])

    /// A deck's events after a number, oldest first.
    struct SelectEvents: PostgresPreparedStatement {
        static let sql = """
            SELECT number, payload FROM deck_event WHERE deck_id = $1 AND number > $2 ORDER BY number LIMIT $3
            """
        typealias Row = (Int64, ByteBuffer)
        let id: String
        let after: Int64
        let limit: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(id)
            bindings.append(after)
            bindings.append(limit)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Deletes a deck's events up to a number.
    struct TrimEvents: PostgresPreparedStatement {
        static let sql = "DELETE FROM deck_event WHERE deck_id = $1 AND number <= $2 RETURNING 1"
        typealias Row = Int32
        let id: String
        let upTo: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(id)
            bindings.append(upTo)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int32.self) }
    }

    /// Reads a notification's payload: `<deck id> <event number>` pairs, comma-separated. A pair
    /// that is not one is left out.
    static func parseNotification(_ payload: String) -> [(deckID: String, number: Int64)] {
        // One notification names every deck of a batch: read as bytes, no string per part.
        var pairs: [(deckID: String, number: Int64)] = []
        let bytes = payload.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
            let pair = bytes[start..<end]
            if let space = pair.firstIndex(of: UInt8(ascii: " ")), space != pair.startIndex,
                let number = Self.number(pair[pair.index(after: space)...])
            {
                pairs.append((String(Substring(pair[..<space])), number))
            }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        return pairs
    }

    /// A non-negative decimal number of 1 to 18 digits, nothing else.
    private static func number(_ digits: Substring.UTF8View) -> Int64? {
        guard (1...18).contains(digits.count) else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
