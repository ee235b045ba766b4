import DeckStorage
import PlayingCards
import Synchronization

/// Group commit for the PostgreSQL store: the changes one process receives while batches are being
/// written queue up and go to PostgreSQL together, as one batch (see ``PostgresWriteBatch``).
///
/// Up to `batchesInFlight` batches run at once, each on a connection of its own, but a deck is
/// never in two of this process's running batches: a change of a deck a running batch holds waits
/// for the next batch after it, so each deck's changes still run one after another, in the order
/// they came. A change that finds nothing queued or running, while changes have lately come one
/// at a time, runs at once as a batch of its own in the caller's task (no hand-over to another
/// task, which is what a lone request would wait for); changes that arrive meanwhile are drained
/// by tasks of the queue's own. Each caller hears back only once its change is committed (or
/// known to need no write), or has failed.
final class PostgresWriteQueue: Sendable {
    /// What the queue holds; `takeBatch()` is the rule for what goes into the next batch.
    struct State {
        var pending: [PostgresPendingChange] = []
        /// Batches running or about to, in the queue's tasks or a caller's.
        var running = 0
        /// The decks of the running batches.
        var busyDecks: Set<String> = []
        /// How many changes the latest batch held: a lone change runs in its caller's task only
        /// when changes have been arriving one at a time, since under concurrent load a batch of
        /// one would only split the batches that group commit builds.
        var latestBatchSize = 1

        /// Takes the next batch: the queued changes, in order, of the decks no running batch holds,
        /// up to ``PostgresWriteBatch/maximumChanges``. Empty when there are none.
        mutating func takeBatch() -> [PostgresPendingChange] {
            var batch: [PostgresPendingChange] = []
            var left: [PostgresPendingChange] = []
            var taken: Set<String> = []
            for change in pending {
                if batch.count < PostgresWriteBatch.maximumChanges, !busyDecks.contains(change.deckID) {
                    batch.append(change)
                    taken.insert(change.deckID)
                } else {
                    left.append(change)
                }
            }
            if batch.isEmpty { return [] }
            pending = left
            busyDecks.formUnion(taken)
            latestBatchSize = batch.count
            return batch
        }
    }

    private let state = Mutex(State())
    private let batches: PostgresWriteBatch
    private let batchesInFlight: Int

    /// - Parameters:
    ///   - batches: runs each batch.
    ///   - batchesInFlight: the most batches running at once (at least 1).
    init(batches: PostgresWriteBatch, batchesInFlight: Int) {
        self.batches = batches
        self.batchesInFlight = max(1, batchesInFlight)
    }

    /// Runs `change` on the deck as one atomic change, batched with the changes queued meanwhile;
    /// the event it returns, if any, is stored in the same statement as the deck.
    ///
    /// - Returns: what `change` returned (its result and event), or `nil` when no deck has that id.
    /// - Throws: what `change` threw, or `StorageError` when the database failed.
    func perform<Value: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Value, DeckEvent?)
    ) async throws -> (Value, DeckEvent?)? {
        let outcome = PostgresChangeOutcome<Value>()
        let run: @Sendable (inout DeckState) -> DeckEvent? = { deck in outcome.run(change, on: &deck) }
        let runsAlone = state.withLock { state in
            if state.running > 0 || state.latestBatchSize > 1 { return false }
            state.running = 1
            state.busyDecks.insert(id)
            return true
        }
        if runsAlone {
            await batches.run([
                PostgresPendingChange(deckID: id, now: now, run: run, complete: { outcome.record($0) })
            ])
            finished(decks: [id], startsAnother: true)
            return try outcome.recordedAnswer().get()
        }
        return try await withCheckedThrowingContinuation { continuation in
            let pending = PostgresPendingChange(
                deckID: id, now: now, run: run,
                complete: { continuation.resume(with: outcome.answer(for: $0)) })
            let startsRunner = state.withLock { state in
                state.pending.append(pending)
                guard state.running < batchesInFlight, !state.busyDecks.contains(id) else { return false }
                state.running += 1
                return true
            }
            if startsRunner { Task { await self.drain() } }
        }
    }

    /// Releases a finished batch's decks; after a lone change, leaves what queued meanwhile to a
    /// task of the queue's own when none runs.
    private func finished(decks: some Sequence<String>, startsAnother: Bool) {
        let startsRunner = state.withLock { state in
            state.busyDecks.subtract(decks)
            guard startsAnother else { return false }
            state.running -= 1
            guard !state.pending.isEmpty, state.running < batchesInFlight else { return false }
            state.running += 1
            return true
        }
        if startsRunner { Task { await self.drain() } }
    }

    /// Runs batches until none can start: a runner stops when every queued change's deck is held by
    /// another running batch, whose runner takes them once it is done.
    private func drain() async {
        while true {
            let batch = state.withLock { state -> [PostgresPendingChange] in
                let batch = state.takeBatch()
                if batch.isEmpty { state.running -= 1 }
                return batch
            }
            if batch.isEmpty { return }
            await batches.run(batch)
            finished(decks: batch.map(\.deckID), startsAnother: false)
        }
    }
}
