import DeckStorage

/// The format of a deck's tail of recent events (`deck.recent_events`).
///
/// Each entry holds an event as the step from the previous entry's number, how many leading bytes
/// its payload shares with the previous entry's, and the rest of the payload (the counts as
/// unsigned LEB128 varints, so none is ever cut short). A table's events mostly repeat their kind,
/// player and places, so a draw's 26-byte record takes about 13 bytes here, and twice as many
/// events fit the tail's budget before it moves into the event table (``SQLiteEventLog/tailBudget``).
/// The first entry of a tail starts from number 0 and an empty payload.
///
/// Tails written before this format (migration "v5") held each event as its number, its length and
/// its whole payload; ``decodeWholePayloads(_:deckID:)`` reads them for the migration that rewrites
/// them.
enum EventTail {
    /// The last entry of a tail, which the next one is written against.
    struct Last: Equatable {
        let number: Int64
        let payload: [UInt8]
    }

    /// Appends `event` after `last` (`nil` for the first entry of a tail) and returns the new last.
    @discardableResult
    static func append(_ event: StoredDeckEvent, after last: Last?, to bytes: inout [UInt8]) -> Last {
        let previousNumber = last?.number ?? 0
        let previous = last?.payload ?? []
        var shared = 0
        let limit = min(previous.count, event.payload.count)
        while shared < limit, previous[shared] == event.payload[shared] { shared += 1 }
        appendCount(UInt64(bitPattern: event.number &- previousNumber), to: &bytes)
        appendCount(UInt64(shared), to: &bytes)
        appendCount(UInt64(event.payload.count - shared), to: &bytes)
        bytes.append(contentsOf: event.payload[shared...])
        return Last(number: event.number, payload: event.payload)
    }

    /// Reads every event back, or `nil` when the bytes are not a tail.
    static func decode(_ bytes: [UInt8], deckID: String) -> [StoredDeckEvent]? {
        var reader = CountReader(bytes: bytes)
        var events: [StoredDeckEvent] = []
        var number: Int64 = 0
        var payload: [UInt8] = []
        while !reader.isAtEnd {
            guard let step = reader.count(), let shared = reader.count(), shared <= UInt64(payload.count),
                let rest = reader.bytes(count: reader.count())
            else { return nil }
            number = number &+ Int64(bitPattern: step)
            payload.removeSubrange(Int(shared)...)
            payload.append(contentsOf: rest)
            events.append(StoredDeckEvent(deckID: deckID, number: number, payload: payload))
        }
        return events
    }

    /// Reads a tail in the format before this one: each event as its number, its payload's length
    /// and its payload.
    static func decodeWholePayloads(_ bytes: [UInt8], deckID: String) -> [StoredDeckEvent]? {
        var reader = CountReader(bytes: bytes)
        var events: [StoredDeckEvent] = []
        while !reader.isAtEnd {
            guard let number = reader.count(), let payload = reader.bytes(count: reader.count()) else { return nil }
            events.append(StoredDeckEvent(deckID: deckID, number: Int64(bitPattern: number), payload: payload))
        }
        return events
    }

    private static func appendCount(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// Reads a tail's varints and byte runs, failing (`nil`) on anything past the end.
private struct CountReader {
    let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func count() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    /// The next `count` bytes, or `nil` when fewer are left (or the count was unreadable).
    mutating func bytes(count: UInt64?) -> [UInt8]? {
        guard let count, count <= UInt64(bytes.count - offset) else { return nil }
        let end = offset + Int(count)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
