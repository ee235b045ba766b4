import DeckStorage
import PlayingCards
import Synchronization

/// Group commit for the PostgreSQL store: the changes one process receives while a batch is being
/// written queue up and go to PostgreSQL together, as one batch (see ``PostgresWriteBatch``).
///
/// One batch runs at a time per process, so a deck is never in two of this process's batches at
/// once. A change that finds nothing queued or running, while changes have lately come one at a
/// time, runs at once as a batch of its own in the caller's task (no hand-over to another task,
/// which is what a lone request would wait for);
/// changes that arrive meanwhile are drained by a task of the queue's own. Each caller hears back
/// only once its change is committed (or known to need no write), or has failed.
final class PostgresWriteQueue: Sendable {
    private struct State {
        var pending: [PostgresPendingChange] = []
        /// Whether a batch is running or about to; while it is `false`, `pending` is empty.
        var draining = false
        /// How many changes the latest batch held: a lone change runs in its caller's task only
        /// when changes have been arriving one at a time, since under concurrent load a batch of
        /// one would only split the batches that group commit builds.
        var latestBatchSize = 1
    }

    private let state = Mutex(State())
    private let batches: PostgresWriteBatch

    /// - Parameter batches: runs each batch.
    init(batches: PostgresWriteBatch) {
        self.batches = batches
    }

    /// Runs `change` on the deck as one atomic change, batched with the changes queued meanwhile.
    ///
    /// - Returns: what `change` returned, or `nil` when no deck has that id.
    /// - Throws: what `change` threw, or `StorageError` when the database failed.
    func perform<Value: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Value
    ) async throws -> Value? {
        let outcome = PostgresChangeOutcome<Value>()
        let run: @Sendable (inout DeckState) -> Void = { deck in outcome.run(change, on: &deck) }
        let runsAlone = state.withLock { state in
            if state.draining || state.latestBatchSize > 1 { return false }
            state.draining = true
            return true
        }
        if runsAlone {
            await batches.run([
                PostgresPendingChange(deckID: id, now: now, run: run, complete: { outcome.record($0) })
            ])
            handOverQueuedChanges()
            return try outcome.recordedAnswer().get()
        }
        return try await withCheckedThrowingContinuation { continuation in
            let pending = PostgresPendingChange(
                deckID: id, now: now, run: run,
                complete: { continuation.resume(with: outcome.answer(for: $0)) })
            let startsDraining = state.withLock { state in
                state.pending.append(pending)
                if state.draining { return false }
                state.draining = true
                return true
            }
            if startsDraining { Task { await self.drain() } }
        }
    }

    /// After a lone change ran in its caller's task: leaves what queued meanwhile to the drain task.
    private func handOverQueuedChanges() {
        let more = state.withLock { state in
            if state.pending.isEmpty {
                state.draining = false
                return false
            }
            return true
        }
        if more { Task { await self.drain() } }
    }

    private func drain() async {
        while true {
            let batch = state.withLock { state -> [PostgresPendingChange] in
                guard !state.pending.isEmpty else {
                    state.draining = false
                    return []
                }
                let count = min(PostgresWriteBatch.maximumChanges, state.pending.count)
                let batch = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                state.latestBatchSize = count
                return batch
            }
            if batch.isEmpty { return }
            await batches.run(batch)
        }
    }
}
