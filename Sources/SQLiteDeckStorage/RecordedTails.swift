import Synchronization

/// What each deck's tail of recent events (`deck.recent_events`) holds in SQLite, as this process
/// last committed it: its length, so that a change knows whether its event still fits the tail
/// (``SQLiteEventLog/tailBudget``), and its last entry, which the next is written against
/// (``EventTail``), both without reading the row.
///
/// Entries are recorded once their batch has committed, so each describes a tail SQLite holds; an
/// unknown deck (after a restart, or once the record started over) has its tail read. One process
/// owns the file (``SQLiteDeckStore``), so no one else changes a tail behind this record.
final class RecordedTails: Sendable {
    /// A tail as committed.
    struct Tail: Equatable {
        /// Its length in bytes.
        let length: Int
        /// Its last entry; `nil` when it is empty (or could not be read).
        let last: EventTail.Last?

        static let empty = Tail(length: 0, last: nil)
    }

    private let tails = Mutex<[String: Tail]>([:])
    private let capacity: Int

    /// - Parameter capacity: the most decks remembered; past it the record starts over.
    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The committed tail of a deck, or `nil` when this process does not know it.
    func tail(of id: String) -> Tail? {
        tails.withLock { $0[id] }
    }

    /// Records the tails a committed batch wrote.
    func record(_ written: [String: Tail]) {
        guard !written.isEmpty else { return }
        tails.withLock { tails in
            if tails.count + written.count > capacity { tails.removeAll(keepingCapacity: true) }
            tails.merge(written) { _, new in new }
        }
    }

    /// Forgets every tail, so that the next change of each deck reads its own.
    func removeAll() {
        tails.withLock { $0.removeAll(keepingCapacity: true) }
    }
}
