import DeckStorage
import PlayingCards
import Synchronization

/// Group commit for the PostgreSQL store: the changes one process receives while a batch is being
/// written queue up and go to PostgreSQL together, as the next batch (see ``PostgresWriteBatch``).
///
/// One batch runs at a time, so batches grow with the load and each round trip and commit is
/// shared by every change queued meanwhile; each deck's changes run in the order they came.
/// Measured with `scripts/bench-server.py`'s draws at 64 connections, one batch at a time against
/// two on two pool connections: 9.2k and 11.5k draws/s against 7.9k and 9.2k with one server, at
/// 25–30 µs of PostgreSQL CPU per draw against 39–43 µs (two batches in flight halve each batch,
/// so every change pays for more commits). A change that finds nothing queued or running, while
/// changes have lately come one at a time, runs at once as a batch of its own in the caller's task
/// (no hand-over to another task, which is what a lone request would wait for); changes that
/// arrive meanwhile are drained by a task of the queue's own. Each caller hears back only once its
/// change is committed (or known to need no write), or has failed.
final class PostgresWriteQueue: Sendable {
    /// What the queue holds; `takeBatch()` is the rule for what goes into the next batch.
    struct State {
        var pending: [PostgresPendingChange] = []
        /// Whether a batch is running or about to, in the queue's task or a caller's.
        var running = false
        /// How many changes the latest batch held: a lone change runs in its caller's task only
        /// when changes have been arriving one at a time, since under concurrent load a batch of
        /// one would only split the batches that group commit builds.
        var latestBatchSize = 1

        /// Takes the next batch: the queued changes, in order, up to
        /// ``PostgresWriteBatch/maximumChanges``. Empty when none are queued.
        ///
        /// A change whose idempotency key an earlier change of the batch already has (on the same
        /// deck: a request resent while the first was still queued) stays queued for the next
        /// batch, which finds the first one's key committed and answers it the same way. Within
        /// one batch both would run, since keys are looked up before the batch runs.
        mutating func takeBatch() -> [PostgresPendingChange] {
            guard !pending.isEmpty else { return [] }
            var batch: [PostgresPendingChange] = []
            var held: [PostgresPendingChange] = []
            var keys: Set<[String]> = []
            var taken = 0
            while taken < pending.count, batch.count < PostgresWriteBatch.maximumChanges {
                let change = pending[taken]
                taken += 1
                if let key = change.key, !keys.insert([change.deckID, key.key]).inserted {
                    held.append(change)
                } else {
                    batch.append(change)
                }
            }
            pending = held + pending.dropFirst(taken)
            latestBatchSize = batch.count
            return batch
        }
    }

    private let state = Mutex(State())
    private let batches: PostgresWriteBatch

    /// How many changes wait for the next batch (for tests that queue changes behind a batch).
    var queuedChanges: Int { state.withLock { $0.pending.count } }

    /// - Parameter batches: runs each batch.
    init(batches: PostgresWriteBatch) {
        self.batches = batches
    }

    /// Runs `change` on the deck as one atomic change, batched with the changes queued meanwhile;
    /// the event it returns, if any, is stored in the same statement as the deck.
    ///
    /// - Returns: what `change` returned (its result and event), or `nil` when no deck has that id.
    /// - Throws: what `change` threw, or `StorageError` when the database failed.
    func perform<Value: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Value, StoredDeckEvent?)
    ) async throws -> (Value, StoredDeckEvent?)? {
        let outcome = PostgresChangeOutcome<Value>()
        let completion = await submit(deckID: id, now: now) { deck in outcome.run(change, on: &deck) }
        return try outcome.answer(for: completion).get()
    }

    /// Queues one change (or runs it at once, alone) and returns how its batch ended for it.
    ///
    /// - Parameters:
    ///   - id: the deck the change is made to.
    ///   - now: the time of the change, in seconds since 1970.
    ///   - key: the change's idempotency key, if any.
    ///   - answer: the answer of the change's latest run, to remember with `key`.
    ///   - run: runs the change on a state (see ``PostgresPendingChange/run``).
    func submit(
        deckID id: String, now: Int64, key: IdempotencyKey? = nil,
        answer: @escaping @Sendable () -> RememberedAnswer? = { nil },
        run: @escaping @Sendable (inout DeckState) -> StoredDeckEvent?
    ) async -> PostgresPendingChange.Completion {
        let runsAlone = state.withLock { state in
            if state.running || state.latestBatchSize > 1 { return false }
            state.running = true
            return true
        }
        if runsAlone {
            let completion = Mutex<PostgresPendingChange.Completion?>(nil)
            await batches.run([
                PostgresPendingChange(
                    deckID: id, now: now, run: run, complete: { ended in completion.withLock { $0 = ended } }, key: key,
                    answer: answer)
            ])
            handOverQueued()
            return completion.withLock { $0 } ?? .failed(.writeFailed("a batched change was never completed"))
        }
        return await withCheckedContinuation { continuation in
            let pending = PostgresPendingChange(
                deckID: id, now: now, run: run, complete: { continuation.resume(returning: $0) }, key: key,
                answer: answer)
            let startsRunner = state.withLock { state in
                state.pending.append(pending)
                if state.running { return false }
                state.running = true
                return true
            }
            if startsRunner { Task { await self.drain() } }
        }
    }

    /// After a lone change: leaves what queued meanwhile to a task of the queue's own.
    private func handOverQueued() {
        let more = state.withLock { state in
            if state.pending.isEmpty {
                state.running = false
                return false
            }
            return true
        }
        if more { Task { await self.drain() } }
    }

    /// Runs batches until nothing is queued, back to back on one pool connection while they keep
    /// coming (see ``PostgresWriteBatch/run(_:then:)``).
    private func drain() async {
        while true {
            let first = nextBatch()
            if first.isEmpty { return }
            // A failed batch, or the end of a lease's turn: the next batch takes another lease.
            if await batches.run(first, then: nextBatch) { return }
        }
    }

    /// Takes the next batch; when none is queued, the queue stops running (in the same step, so
    /// that a change queued just after starts another runner).
    private func nextBatch() -> [PostgresPendingChange] {
        state.withLock { state in
            let batch = state.takeBatch()
            if batch.isEmpty { state.running = false }
            return batch
        }
    }
}
