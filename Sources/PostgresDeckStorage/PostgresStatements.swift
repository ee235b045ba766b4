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

    /// Reads a deck's state and version and locks its row until the transaction ends.
    struct SelectDeckForUpdate: PostgresPreparedStatement {
        static let sql = "SELECT state, version FROM deck WHERE id = $1 FOR UPDATE"
        typealias Row = (ByteBuffer, Int64)
        let id: String

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Writes a deck only if nobody changed it since `expectedVersion` was read: a compare-and-swap
    /// in one autocommitted statement. It returns a row only when the write happened.
    struct UpdateDeckIfUnchanged: PostgresPreparedStatement {
        static let sql = """
            UPDATE deck SET state = $2, version = version + 1, updated_at = $3 \
            WHERE id = $1 AND version = $4 RETURNING version
            """
        typealias Row = Int64
        let id: String
        let state: ByteBuffer
        let now: Int64
        let expectedVersion: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(id)
            bindings.append(state)
            bindings.append(now)
            bindings.append(expectedVersion)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
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
    struct DeleteExpired: PostgresPreparedStatement {
        static let sql = "DELETE FROM deck WHERE updated_at < $1 RETURNING 1"
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
}
