/// The `updated_at` each deck has in SQLite, as this process last committed it, so that a change
/// rewrites the column (and so its index) only when the stored time is a minute old or more.
///
/// `updated_at` is indexed for expiry, and SQLite rewrites an index entry whenever an `UPDATE` sets
/// an indexed column, even to the value it already has: a change that also set the time wrote two
/// pages to the log instead of one (the deck's row and the index's), for a time that expiry, which
/// counts in days, never needed to the second. So a stored time may lag a deck's latest change by
/// less than `resolutionSeconds`, and ``SQLiteDeckStore`` deletes only decks whose stored time
/// is that much older than the cutoff: never a deck changed since the cutoff.
///
/// Entries are recorded once their batch has committed, so each is a time SQLite holds; an
/// unknown deck (after a restart, or once the record started over) gets its time written.
typealias RecordedChangeTimes = CommittedRecords<Int64>

extension CommittedRecords<Int64> {
    /// How far a stored change time may lag the deck's latest change.
    static var resolutionSeconds: Int64 { 60 }

    /// Whether a change of the deck at `now` must write `updated_at`: its stored time is unknown,
    /// a minute old or more, or (after the clock went back) later than `now`.
    func needsWriting(deck id: String, now: Int64) -> Bool {
        guard let stored = value(of: id) else { return true }
        return now < stored || now - stored >= Self.resolutionSeconds
    }
}
