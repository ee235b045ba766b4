import GRDB
import GRDBSQLite

extension Statement {
    /// Runs the statement through SQLite's C interface: `bind` sets its parameters, then it runs to
    /// completion and is reset with its parameters cleared, so nothing keeps bound bytes afterwards.
    ///
    /// For the writer's statements that run on every change (`BEGIN`, `COMMIT`, a deck's `UPDATE`).
    /// GRDB's `execute(arguments:)` converts each argument to a `DatabaseValue` and tells its
    /// observers of each step; at one connection that work, and the code it brings into the
    /// processor's caches, was about 5% of a draw's time (`scripts/bench-server.py`, 1 connection).
    /// GRDB still owns the statement (it finalizes it when the connection closes), and its
    /// transaction observers, hooked into SQLite itself, still see each commit.
    ///
    /// - Parameters:
    ///   - db: the connection the statement belongs to, for its error message.
    ///   - bind: binds the parameters, numbered from 1; it must not run the statement.
    /// - Throws: a `DatabaseError` with SQLite's extended result code and message when the statement
    ///   fails; SQLite has then undone the statement's own changes.
    func runToCompletion(in db: Database, binding bind: (SQLiteStatement) -> Void = { _ in }) throws {
        let statement = sqliteStatement
        bind(statement)
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
                message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: sql)
        }
    }
}

/// Tells SQLite to copy a bound value before the binding call returns (`SQLITE_TRANSIENT`, a C macro
/// Swift does not import).
let sqliteCopiesBoundValue = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
