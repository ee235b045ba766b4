import GRDB

/// The SQLite schema, as versioned migrations. Never edit a migration that has shipped: add one.
enum SQLiteMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: decks") { db in
            try db.execute(
                sql: """
                    CREATE TABLE deck (
                        id TEXT PRIMARY KEY NOT NULL,
                        state BLOB NOT NULL,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX deck_by_updated_at ON deck (updated_at);
                    """)
        }
        SQLiteEventLog.registerMigration(&migrator)
        return migrator
    }
}
