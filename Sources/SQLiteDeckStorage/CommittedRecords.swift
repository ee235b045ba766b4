import Synchronization

/// What each deck has in SQLite for one concern, as this process last committed it, so that a change can skip a
/// read or a write that would only find what is recorded here.
///
/// Entries are recorded once their batch has committed, so each describes what SQLite holds; an unknown deck (after
/// a restart, or once the record started over) is treated as unknown by its user, which reads or writes it. One
/// process owns the file (``SQLiteDeckStore``), so no one else changes a deck behind this record. Its users:
/// ``RecordedTails`` and ``RecordedChangeTimes``.
final class CommittedRecords<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private let capacity: Int

    /// - Parameter capacity: the most decks remembered; past it the record starts over.
    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The deck's committed value, or `nil` when this process does not know it.
    func value(of id: String) -> Value? {
        values.withLock { $0[id] }
    }

    /// Records the values a committed batch wrote.
    func record(_ written: [String: Value]) {
        guard !written.isEmpty else { return }
        values.withLock { values in
            if values.count + written.count > capacity { values.removeAll(keepingCapacity: true) }
            values.merge(written) { _, new in new }
        }
    }

    /// Forgets every value, so that the next change of each deck reads or writes its own.
    func removeAll() {
        values.withLock { $0.removeAll(keepingCapacity: true) }
    }
}
