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
/// Batches run one after another on a dedicated dispatch queue (never on Swift's cooperative pool,
/// which a blocking SQLite call must not hold).
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
    }

    private let writer: any DatabaseWriter
    private let cache: DeckReadCache
    private let maximumBatch: Int
    private let onCommit: @Sendable () -> Void
    private let onEvents: @Sendable ([DeckEvent]) -> Void
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "riffle.sqlite.write-batches")

    /// - Parameters:
    ///   - writer: the database's writer.
    ///   - cache: told every deck a batch read or wrote, once the batch has committed.
    ///   - maximumBatch: the most writes in one transaction.
    ///   - onCommit: called after each batch commits, on the batch queue (it must not block).
    ///   - onEvents: called with the events a batch recorded once it commits, on the batch queue.
    init(
        writer: any DatabaseWriter, cache: DeckReadCache, maximumBatch: Int = 256,
        onCommit: @escaping @Sendable () -> Void = {}, onEvents: @escaping @Sendable ([DeckEvent]) -> Void = { _ in }
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
        try await withCheckedThrowingContinuation { continuation in
            let outcome = Outcome<Value>()
            let pending = Pending(
                stage: { batch in
                    do {
                        outcome.set(.success(try work(batch)))
                    } catch let error as DatabaseError {
                        throw error
                    } catch {
                        outcome.set(.failure(error))
                    }
                },
                finish: { batchError in
                    if let batchError {
                        continuation.resume(throwing: StorageError.writeFailed(String(describing: batchError)))
                    } else {
                        continuation.resume(with: outcome.take())
                    }
                })
            enqueue(pending)
        }
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
                return batch
            }
            if batch.isEmpty { return }
            run(batch)
        }
    }

    private func run(_ batch: [Pending]) {
        let cache = cache
        do {
            let (decks, rank, deletedDecks, events) = try writer.write {
                db -> ([String: DeckState?], DeckReadCache.Rank, Bool, [DeckEvent]) in
                let session = SQLiteWriteBatch(db: db, cache: cache)
                for pending in batch { try pending.stage(session) }
                try session.flush()
                return (session.decks, cache.rankForWrite(), session.deletedDecks, session.recordedEvents)
            }
            // Before any caller hears back, and before the next batch: see DeckReadCache.
            if deletedDecks { cache.removeAll() }
            for case (let id, let deck?) in decks { cache.store(deck, id: id, rank: rank) }
            for pending in batch { pending.finish(nil) }
            onEvents(events)
            onCommit()
        } catch {
            // The transaction rolled back; whatever the cache learnt from it is not trusted.
            cache.removeAll()
            for pending in batch { pending.finish(error) }
        }
    }
}

/// One write's result, set inside the batch and read after it commits (both on the batch queue).
private final class Outcome<Value: Sendable>: Sendable {
    private let value = Mutex<Result<Value, any Error>?>(nil)

    func set(_ result: Result<Value, any Error>) {
        value.withLock { $0 = result }
    }

    func take() -> Result<Value, any Error> {
        value.withLock { $0 } ?? .failure(StorageError.writeFailed("a batched write recorded no outcome"))
    }
}
