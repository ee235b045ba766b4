import GRDB
import GRDBSQLite

extension Statement {
    /// Runs the statement through SQLite's C interface: `bind` sets its parameters, then it runs to
    /// completion; either way it is then reset with its parameters cleared, so nothing keeps bound
    /// bytes afterwards.
    ///
    /// For the writer's statements that run on every change (`BEGIN`, `COMMIT`, a deck's `UPDATE`).
    /// GRDB's `execute(arguments:)` converts each argument to a `DatabaseValue` and tells its
    /// observers of each step; at one connection that work, and the code it brings into the
    /// processor's caches, was about 5% of a draw's time (`scripts/bench-server.py`, 1 connection).
    /// GRDB still owns the statement (it finalizes it when the connection closes), and its
    /// transaction observers, hooked into SQLite itself, still see each commit.
    ///
    /// - Parameters:
    ///   - db: the connection the statement belongs to.
    ///   - bind: binds the parameters; it must not run the statement.
    /// - Throws: a `DatabaseError` with SQLite's extended result code and message when a parameter
    ///   cannot be bound or the statement fails; SQLite has then undone the statement's own changes.
    func runToCompletion(in db: Database, binding bind: (SQLiteParameters) throws -> Void = { _ in }) throws {
        let statement = sqliteStatement
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(SQLiteParameters(owner: self, db: db))
        guard sqlite3_step(statement) == SQLITE_DONE else { throw db.lastError(of: self) }
    }
}

/// A statement's parameters, numbered from 1, bound through SQLite's C interface.
struct SQLiteParameters {
    fileprivate let owner: Statement
    fileprivate let db: Database

    private var statement: SQLiteStatement { owner.sqliteStatement }

    /// Binds `bytes` without copying them: they must stay put until the statement has run. No
    /// bytes bind an empty blob, not NULL.
    func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            return try check(sqlite3_bind_zeroblob(statement, index, 0))
        }
        try check(sqlite3_bind_blob(statement, index, start, try Self.length(bytes.count), nil))
    }

    /// Binds a copy of `text`, every byte of it (a NUL character included). Empty text binds
    /// empty text, not NULL.
    func bind(text: String, at index: Int32) throws {
        var text = text
        try text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return try check(sqlite3_bind_text(statement, index, "", 0, Self.transient))
            }
            let characters = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
            try check(sqlite3_bind_text(statement, index, characters, try Self.length(bytes.count), Self.transient))
        }
    }

    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(statement, index, value))
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw db.lastError(of: owner) }
    }

    /// SQLITE_TRANSIENT, a C macro Swift does not import: SQLite copies the value before returning.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// A value's length as SQLite takes it; longer than SQLite's `Int32` is refused, never cut short.
    private static func length(_ count: Int) throws -> Int32 {
        guard let length = Int32(exactly: count) else {
            throw DatabaseError(
                resultCode: .SQLITE_TOOBIG, message: "a parameter of \(count) bytes is too long to bind")
        }
        return length
    }
}

extension Database {
    /// The connection's latest error, as GRDB reports errors. (GRDB builds a statement's `sql` on
    /// each use, so it is read only here.)
    fileprivate func lastError(of statement: Statement) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(sqliteConnection)),
            message: sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: statement.sql)
    }
}
