/// Matches keys of a new sequence to the occurrences of the same key in an old sequence, first unmatched
/// occurrence first, so duplicated identities pair up in order instead of crashing or colliding.
///
/// Each key costs one hash lookup to record and one to take; occurrences of the same key are chained through an
/// array rather than stored as per-key arrays, so building the table allocates only the dictionary and one array.
@usableFromInline
struct OccurrenceTable<Key: Hashable> {
    /// For each key, the first old position not yet matched, or -1 once all are taken.
    @usableFromInline var firstUnmatched: [Key: Int]
    /// For each old position, the next old position with the same key, or -1.
    @usableFromInline var nextOccurrence: [Int]

    /// Creates an empty table for old positions `0..<positionCount`.
    @inlinable
    init(positionCount: Int) {
        firstUnmatched = [:]
        firstUnmatched.reserveCapacity(positionCount)
        nextOccurrence = Array(repeating: -1, count: positionCount)
    }

    /// Records an old position. Positions must be recorded from last to first.
    @inlinable
    mutating func record(_ key: Key, at position: Int) {
        if let following = firstUnmatched.updateValue(position, forKey: key) {
            nextOccurrence[position] = following
        }
    }

    /// Returns and consumes the first unmatched old position with the key, or `nil`.
    @inlinable
    mutating func take(_ key: Key) -> Int? {
        guard let index = firstUnmatched.index(forKey: key) else { return nil }
        let position = firstUnmatched.values[index]
        guard position >= 0 else { return nil }
        firstUnmatched.values[index] = nextOccurrence[position]
        return position
    }
}
