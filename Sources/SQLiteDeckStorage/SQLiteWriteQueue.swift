import DeckStorage
import Dispatch
import GRDB
import PlayingCards
import Synchronization

/// Group commit for the SQLite store: writes queue up while the writer is busy, and each batch
/// of queued writes runs in one transaction with one commit.
///
/// Under concurrent load the commit (with its WAL append) and the transaction set-up are paid once
/// per batch instead of once per request, and a deck changed by several requests of a batch is
/// read and written once. Every write still behaves as its own transaction in queue order: each
/// sees the changes queued before it, a write whose change throws changes nothing, and no caller
/// hears back before the batch holding its write has committed. A database failure fails every
/// write of its batch, and the transaction rolls back.
///
/// Batches run one after another on a dedicated dispatch queue (so a long one never holds Swift's
/// cooperative pool), except a write that finds nothing queued or running while writes have lately
/// come one at a time: it runs at once on its caller's thread (see `runAlone`).
final class SQLiteWriteQueue: Sendable {
    /// A write waiting for its batch.
    private struct Pending: Sendable {
        /// Runs inside the batch's transaction and records the write's own outcome; throws only
        /// errors that must fail the whole batch.
        let stage: @Sendable (SQLiteWriteBatch) throws -> Void
        /// Runs once the batch committed (`nil`) or failed.
        let finish: @Sendable ((any Error)?) -> Void
    }

    private struct State {
        var pending: [Pending] = []
        var draining = false
        /// How many writes the latest batch held. A lone write runs on its caller's thread only
        /// while writes arrive one at a time: under concurrent load a batch of one would split
        /// the batches that group commit builds.
        var latestBatchSize = 1
    }

    private let writer: any DatabaseWriter
    private let cache: DeckReadCache
    private let changeTimes = RecordedChangeTimes()
    private let tails = RecordedTails()
    private let maximumBatch: Int
    private let onCommit: @Sendable () -> Void
    private let onEvents: @Sendable ([StoredDeckEvent]) -> Void
    private let state = Mutex(State())
    /// The buffer batches serialize decks into, kept between batches (see `SQLiteWriteBatch`).
    private let serializationBuffer = Mutex<[UInt8]>([])
    private let queue = DispatchQueue(label: "riffle.sqlite.write-batches")

    /// - Parameters:
    ///   - writer: the database's writer.
    ///   - cache: told every deck a batch read or wrote, once the batch has committed.
    ///   - maximumBatch: the most writes in one transaction.
    ///   - onCommit: called after each batch commits, on the batch queue (it must not block).
    ///   - onEvents: called with the events a batch recorded once it commits, on the batch queue.
    init(
        writer: any DatabaseWriter, cache: DeckReadCache, maximumBatch: Int = 256,
        onCommit: @escaping @Sendable () -> Void = {},
        onEvents: @escaping @Sendable ([StoredDeckEvent]) -> Void = { _ in }
    ) {
        self.writer = writer
        self.cache = cache
        self.maximumBatch = maximumBatch
        self.onCommit = onCommit
        self.onEvents = onEvents
    }

    /// Queues `work` for the next batch and returns its result once that batch has committed.
    ///
    /// - Parameter work: the write; it throws `DatabaseError` to fail the batch, anything else to
    ///   fail only itself.
    /// - Throws: what `work` threw, or `StorageError` when the batch could not be committed.
    func perform<Value: Sendable>(
        _ work: @escaping @Sendable (SQLiteWriteBatch) throws -> Value
    ) async throws
        -> Value
    {
        let outcome = Outcome<Value>()
        let stage: @Sendable (SQLiteWriteBatch) throws -> Void = { batch in
            do {
                outcome.set(.success(try work(batch)))
            } catch let error as DatabaseError {
                throw error
            } catch {
                outcome.set(.failure(error))
            }
        }
        if startsAlone() {
            runAlone(Pending(stage: stage, finish: outcome.batchFinished))
            return try outcome.take().get()
        }
        return try await withCheckedThrowingContinuation { continuation in
            enqueue(
                Pending(
                    stage: stage,
                    finish: { batchError in
                        outcome.batchFinished(batchError)
                        continuation.resume(with: outcome.take())
                    }))
        }
    }

    /// Whether nothing is queued or running and writes have lately come one at a time; the caller
    /// then holds the writer's turn.
    private func startsAlone() -> Bool {
        state.withLock { state in
            if state.draining || state.latestBatchSize > 1 { return false }
            state.draining = true
            return true
        }
    }

    /// Runs a lone write as a batch of its own on the caller's thread, then leaves what queued
    /// meanwhile to the batch queue.
    ///
    /// A lone write would otherwise wait for two thread hand-overs (to the batch queue and back),
    /// which at one connection cost more than its transaction. That transaction is short (no
    /// `fsync` at `synchronous=NORMAL`; one with ``SQLiteDeckStore/Durability/full``), so the
    /// caller's thread is held about as long as a request's own work.
    private func runAlone(_ pending: Pending) {
        run([pending])
        let more = state.withLock { state in
            if state.pending.isEmpty {
                state.draining = false
                return false
            }
            return true
        }
        if more { queue.async { self.drain() } }
    }

    private func enqueue(_ pending: Pending) {
        let startsDraining = state.withLock { state in
            state.pending.append(pending)
            if state.draining { return false }
            state.draining = true
            return true
        }
        if startsDraining { queue.async { self.drain() } }
    }

    private func drain() {
        while true {
            let batch = state.withLock { state -> [Pending] in
                guard !state.pending.isEmpty else {
                    state.draining = false
                    return []
                }
                let count = min(maximumBatch, state.pending.count)
                let batch = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                state.latestBatchSize = count
                return batch
            }
            if batch.isEmpty { return }
            run(batch)
        }
    }

    private func run(_ batch: [Pending]) {
        let (cache, changeTimes, tails) = (cache, changeTimes, tails)
        var buffer: [UInt8] = []
        serializationBuffer.withLock { swap(&$0, &buffer) }
        defer { serializationBuffer.withLock { swap(&$0, &buffer) } }
        do {
            let committed = try writer.writeWithoutTransaction { db in
                try db.inBatchTransaction { () -> Committed in
                    let session = SQLiteWriteBatch(
                        db: db, cache: cache, changeTimes: changeTimes, tails: tails)
                    swap(&session.serializationBuffer, &buffer)
                    defer { swap(&session.serializationBuffer, &buffer) }
                    for pending in batch { try pending.stage(session) }
                    try session.flush()
                    return Committed(
                        decks: session.decks, rank: cache.rankForWrite(), deletedDecks: session.deletedDecks,
                        events: session.recordedEvents, changeTimes: session.writtenChangeTimes,
                        tails: session.writtenTails)
                }
            }
            // Before any caller hears back, and before the next batch: see DeckReadCache.
            if committed.deletedDecks {
                cache.removeAll()
                changeTimes.removeAll()
                tails.removeAll()
            }
            changeTimes.record(committed.changeTimes)
            tails.record(committed.tails)
            for case (let id, let deck?) in committed.decks { cache.store(deck, id: id, rank: committed.rank) }
            for pending in batch { pending.finish(nil) }
            onEvents(committed.events)
            onCommit()
        } catch {
            // The transaction rolled back; whatever the cache learnt from it is not trusted.
            cache.removeAll()
            for pending in batch { pending.finish(error) }
        }
    }
}

/// What a batch learnt, for the read cache, the change times, the tail lengths and the event observers
/// once it commits.
private struct Committed {
    let decks: [String: DeckState?]
    let rank: DeckReadCache.Rank
    let deletedDecks: Bool
    let events: [StoredDeckEvent]
    let changeTimes: [String: Int64]
    let tails: [String: CommittedTail]
}

/// One write's result, set inside the batch and read after it commits (both on the batch queue).
private final class Outcome<Value: Sendable>: Sendable {
    private let value = Mutex<Result<Value, any Error>?>(nil)

    func set(_ result: Result<Value, any Error>) {
        value.withLock { $0 = result }
    }

    /// Records that the write's batch ended: a batch that failed fails the write too, whatever
    /// the write itself returned, since nothing of that batch was committed.
    func batchFinished(_ batchError: (any Error)?) {
        if let batchError { set(.failure(StorageError.writeFailed(String(describing: batchError)))) }
    }

    func take() -> Result<Value, any Error> {
        value.withLock { $0 } ?? .failure(StorageError.writeFailed("a batched write recorded no outcome"))
    }
}
