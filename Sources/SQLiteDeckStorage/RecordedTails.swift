/// What each deck's tail of recent events (`deck.recent_events`) holds in SQLite, as this process
/// last committed it: its length, so that a change knows whether its event still fits the tail
/// (``SQLiteEventLog/tailBudget``), and its last entry, which the next is written against
/// (``EventTail``), both without reading the row.
///
/// Entries are recorded once their batch has committed, so each describes a tail SQLite holds; an
/// unknown deck (after a restart, or once the record started over) has its tail read. One process
/// owns the file (``SQLiteDeckStore``), so no one else changes a tail behind this record.
typealias RecordedTails = CommittedRecords<CommittedTail>

/// A deck's tail of recent events as committed (see ``RecordedTails``).
struct CommittedTail: Equatable {
    /// Its length in bytes.
    let length: Int
    /// Its last entry; `nil` when it is empty (or could not be read).
    let last: EventTail.Last?

    static let empty = CommittedTail(length: 0, last: nil)
}
