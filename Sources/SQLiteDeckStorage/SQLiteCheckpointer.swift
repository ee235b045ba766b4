import GRDB
import Synchronization

/// Moves WAL checkpoints off the SQLite writer: a connection of its own copies committed pages
/// from the write-ahead log into the database file in the background.
///
/// Left to itself, SQLite checkpoints on the writer connection every 1,000 pages, so one write in
/// a few hundred also copies pages and waits for `fsync` while every other write queues behind
/// it (a p99 of ~18 ms at one connection, against ~0.9 ms with this type). Here a passive
/// checkpoint runs on this connection after every ``commitsPerCheckpoint`` commits, at most one
/// at a time; it never blocks the writer or readers.
///
/// The log can only start over once every frame in it has been copied, at a moment when nothing
/// new has been appended, which under sustained writes only the writer can arrange. So the
/// writer's automatic checkpoint stays on, raised to ``writerSafetyNetPages``: when it runs,
/// the background has already copied all but the latest frames, and what the writer pays is
/// little more than the `fsync`s, about eight times less often than by default. Durability is
/// unchanged: committed transactions are in the log, which SQLite replays after a crash.
final class SQLiteCheckpointer: Sendable {
    /// Commits between two background checkpoints.
    static let commitsPerCheckpoint = 128
    /// The writer's own automatic checkpoint, for when the background one cannot keep up.
    static let writerSafetyNetPages = 8_192

    private struct State {
        var commitsSinceCheckpoint = 0
        var running = false
        var completed = 0
    }

    private let connection: DatabaseQueue
    private let state = Mutex(State())

    /// Opens the checkpointing connection on a database file already in WAL mode.
    ///
    /// - Parameter path: the database file.
    /// - Throws: a `DatabaseError` when the file cannot be opened.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "riffle.checkpoint"
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// How many background checkpoints have completed.
    var completedCheckpoints: Int { state.withLock { $0.completed } }

    /// Closes the checkpoint connection, waiting for a checkpoint under way.
    func close() throws {
        try connection.close()
    }

    /// Counts a commit, and starts a checkpoint when enough have accumulated and none is running.
    func commitRecorded() {
        let starts = state.withLock { state in
            state.commitsSinceCheckpoint += 1
            guard !state.running, state.commitsSinceCheckpoint >= Self.commitsPerCheckpoint else { return false }
            state.running = true
            state.commitsSinceCheckpoint = 0
            return true
        }
        guard starts else { return }
        connection.asyncWriteWithoutTransaction { db in
            // A failed passive checkpoint is harmless: the next one, or the writer's safety net, catches up.
            let completed = (try? db.checkpoint(.passive)) != nil
            self.state.withLock { state in
                state.running = false
                if completed { state.completed += 1 }
            }
        }
    }
}
