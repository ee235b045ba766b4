import GRDB

extension Database {
    /// Runs `work` in an immediate transaction, as GRDB's `inTransaction(.immediate)` does, but
    /// with its `BEGIN` and `COMMIT` statements prepared once per connection.
    ///
    /// GRDB parses both statements for every transaction. A lone write at one connection paid
    /// about a tenth of its time for that; under load every batch paid it.
    ///
    /// When `work` or the commit throws, the transaction is rolled back (unless SQLite already did)
    /// and the error is rethrown.
    func inBatchTransaction<Value>(_ work: () throws -> Value) throws -> Value {
        try cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            let value = try work()
            try cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return value
        } catch {
            // Only fails when SQLite cannot roll back; the first error is the one worth reporting.
            try? rollback()
            throw error
        }
    }
}
