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
        // A 20-deck shoe's state is over 1 KB, more than a WITHOUT ROWID row keeps on its b-tree
        // page (about a quarter of a 4 KiB page), so each such deck spilled into an overflow page
        // and every write of it rewrote two pages. A rowid table keeps rows of up to about 4 KB on
        // the page. GRDB runs each migration with foreign keys off and checks them before it
        // commits, so dropping the old table leaves the events that reference decks in place.
        migrator.registerMigration("v3: decks in a rowid table") { db in
            try db.execute(
                sql: """
                    CREATE TABLE deck_rowid (
                        id TEXT PRIMARY KEY NOT NULL,
                        state BLOB NOT NULL,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    INSERT INTO deck_rowid (id, state, created_at, updated_at)
                        SELECT id, state, created_at, updated_at FROM deck;
                    DROP TABLE deck;
                    ALTER TABLE deck_rowid RENAME TO deck;
                    CREATE INDEX deck_by_updated_at ON deck (updated_at);
                    """)
        }
        SQLiteRememberedAnswers.registerMigration(&migrator)
        SQLiteEventLog.registerTailMigration(&migrator)
        SQLiteEventLog.registerTailFormatMigration(&migrator)
        SQLiteEventLog.registerRunMigration(&migrator)
        SQLitePresenceLeases.registerMigration(&migrator)
        SQLiteRememberedAnswers.registerClientMigration(&migrator)
        return migrator
    }
}
