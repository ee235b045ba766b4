import DeckStorage
import PlayingCards

/// Turns stored events into what their frames show: each record with the table's counts right
/// after it.
///
/// A record holds only what its change changed, so the counts after an event come from a known
/// state of the deck: forwards from the counts after the event before it (the hub, which follows
/// each deck from the state it started at), or backwards from the deck's current state over every
/// event after it (a subscriber resuming with `Last-Event-ID`, which knows the deck as it is now).
/// Records stored as JSON carry their counts whole and need neither.
package enum TableEventReplay {
    /// An event ready to render.
    package struct Step: Sendable {
        package let number: Int64
        package let record: TableEventRecord
        /// The counts right after the event.
        package let snapshot: TableSnapshot
    }

    /// Replays `events` forwards from the counts after event `number`.
    ///
    /// - Parameters:
    ///   - events: stored events in number order.
    ///   - snapshot: the counts after event `number`.
    ///   - number: the event the counts belong to.
    /// - Returns: the steps, stopping before the first event that does not follow on (a gap, a
    ///   record that cannot be read or does not fit the counts), and whether every event was
    ///   replayed.
    package static func forward(
        _ events: [StoredDeckEvent], from snapshot: TableSnapshot, at number: Int64
    ) -> (steps: [Step], complete: Bool) {
        var steps: [Step] = []
        steps.reserveCapacity(events.count)
        var current = snapshot
        var expected = number + 1
        for event in events {
            guard event.number == expected,
                let record = try? TableEventRecord(decoding: event.payload),
                let next = try? record.snapshot(after: current)
            else { return (steps, false) }
            steps.append(Step(number: event.number, record: record, snapshot: next))
            current = next
            expected += 1
        }
        return (steps, true)
    }

    /// Replays `events` backwards from `deck`, the state after the last of them.
    ///
    /// - Parameters:
    ///   - events: stored events in number order, ending with the deck's latest change.
    ///   - deck: the deck's state as of its change number.
    /// - Returns: the steps of the longest run of events that ends at the deck's change number and
    ///   can be replayed, in number order; events before a gap, an unreadable record, or a record
    ///   that does not fit are left out.
    package static func backward(_ events: [StoredDeckEvent], to deck: DeckState) -> [Step] {
        var number = deck.changeNumber
        // The counts after event `number`; nil once unknown (before a JSON record).
        var after: TableSnapshot? = TableSnapshot(deck)
        var steps: [Step] = []
        replay: for event in events.reversed() where event.number <= number {
            guard event.number == number, let record = try? TableEventRecord(decoding: event.payload) else { break }
            let snapshot: TableSnapshot
            switch record.counts {
            case .whole(let whole):
                snapshot = whole
            case .changed:
                guard let after else { break replay }
                snapshot = after
            }
            do {
                after = try record.snapshot(before: snapshot)
            } catch {
                break
            }
            steps.append(Step(number: event.number, record: record, snapshot: snapshot))
            number -= 1
        }
        return steps.reversed()
    }

    /// The most events read from the store at once, by the replay and by the live tables' hub.
    package static let pageSize = 256

    /// A deck's stored events after `number` up to `latest`, read a page at a time.
    ///
    /// - Parameters:
    ///   - deckID: the deck's id.
    ///   - store: where the events are.
    ///   - number: only events numbered above it.
    ///   - latest: the last event wanted (the change number of the deck they replay to).
    ///   - followingOnly: stop at once, reading nothing more, when the first event is not `number + 1`.
    /// - Returns: the events, in number order.
    package static func events(
        of deckID: String, in store: any DeckStore, after number: Int64, through latest: Int64,
        followingOnly: Bool = false
    ) async throws -> [StoredDeckEvent] {
        var events: [StoredDeckEvent] = []
        var after = number
        while after < latest {
            let page = try await store.events(deckID: deckID, after: after, limit: Self.pageSize)
            guard let last = page.last else { break }
            if followingOnly && events.isEmpty && page.first?.number != number + 1 { return [] }
            events += page.lazy.filter { $0.number <= latest }
            after = last.number
            if page.count < Self.pageSize { break }
        }
        return events
    }
}
