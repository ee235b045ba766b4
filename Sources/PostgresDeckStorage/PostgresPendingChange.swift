import DeckStorage
import PlayingCards
import Synchronization

/// One queued change of a deck, waiting for its batch (see ``PostgresWriteQueue``).
///
/// A batch may run the change more than once, each time on a newer state of the deck, when the
/// state it first ran on turned out to be stale; only the run whose result was committed (or,
/// for a change that left the deck as it was, whose state was confirmed current) is reported.
struct PostgresPendingChange: Sendable {
    /// How the batch ended for this change.
    enum Completion: Sendable {
        /// The change's last run counts: its result was committed or its state confirmed current.
        case done
        /// No deck has the id.
        case missing
        /// The database failed; nothing of this change is known to be written.
        case failed(StorageError)
        /// The change's idempotency key was already remembered (by an earlier request): the change
        /// did not run, and this is what was remembered.
        case answeredBefore(PostgresRememberedAnswers.Remembered)
    }

    /// The deck's id.
    let deckID: String
    /// The time recorded as the deck's last change when it changes.
    let now: Int64
    /// Runs the change on `deck`: on success `deck` holds the new state and the change's event (if
    /// it records one) is returned, to be written with the deck; when the change throws, `deck` is
    /// left as it was and the error is kept as the change's result.
    let run: @Sendable (inout DeckState) -> StoredDeckEvent?
    /// Called once with the outcome.
    let complete: @Sendable (Completion) -> Void
    /// The change's idempotency key, if it has one: the batch looks it up before running the
    /// change and writes it, with ``answer``, in the statement that writes the change.
    let key: IdempotencyKey?
    /// The answer of the change's latest run, to remember with its key; `nil` when that run threw
    /// (a refused change is not remembered).
    let answer: @Sendable () -> RememberedAnswer?

    init(
        deckID: String, now: Int64, run: @escaping @Sendable (inout DeckState) -> StoredDeckEvent?,
        complete: @escaping @Sendable (Completion) -> Void, key: IdempotencyKey? = nil,
        answer: @escaping @Sendable () -> RememberedAnswer? = { nil }
    ) {
        self.deckID = deckID
        self.now = now
        self.run = run
        self.complete = complete
        self.key = key
        self.answer = answer
    }
}

/// The result of a change's latest run, kept until its batch ends.
final class PostgresChangeOutcome<Value: Sendable>: Sendable {
    /// What the change returned: its result and the event it recorded, if any.
    typealias Answer = (Value, StoredDeckEvent?)

    private let value = Mutex<Result<Answer, any Error>?>(nil)

    /// Runs `change` on a copy of `deck`, replacing `deck` only when it succeeds, and keeps its result.
    ///
    /// - Returns: the event the change recorded, when it succeeded and recorded one.
    func run(_ change: (inout DeckState) throws -> Answer, on deck: inout DeckState) -> StoredDeckEvent? {
        var copy = deck
        let result: Result<Answer, any Error>
        do {
            let answer = try change(&copy)
            // A deck the format cannot hold fails this change alone, before the batch writes it.
            try copy.checkEncodable()
            result = .success(answer)
            deck = copy
        } catch {
            result = .failure(error)
        }
        value.withLock { $0 = result }
        return try? result.get().1
    }

    /// What the latest run returned or threw.
    func latest() -> Result<Answer, any Error> {
        value.withLock { $0 } ?? .failure(StorageError.writeFailed("a batched change recorded no outcome"))
    }

    /// The caller's answer for a batch's `completion`.
    func answer(for completion: PostgresPendingChange.Completion) -> Result<Answer?, any Error> {
        switch completion {
        case .done: latest().map { Optional($0) }
        case .missing: .success(nil)
        case .failed(let error): .failure(error)
        // Only keyed changes are answered so (see PostgresWriteQueue.performOnce), never through here.
        case .answeredBefore: .failure(StorageError.writeFailed("a change without a key was answered by a key"))
        }
    }
}
