import DeckStorage
import PlayingCards
import Synchronization

/// Recently read or written decks, so that reads (deck info, pile lists) need not touch SQLite,
/// and writes need not read and decode the deck they change.
///
/// Correct under concurrency because every entry carries a rank derived from the store's write
/// sequence: a write (for ``SQLiteDeckStore``, a batch of writes) takes number *n* inside its
/// transaction (the writer is serial, so numbers follow commit order) and stores its result at
/// rank 2*n* before the next write starts, so an entry is always the latest committed state. A read that begins when the latest
/// number is *n* sees at least write *n*−1's state (write *n* starts only after *n*−1 committed)
/// but perhaps not write *n*'s, so it stores at rank 2*n*−1: above write *n*−1, below write *n*.
/// An entry only replaces one of lower rank, so a slow read never puts back a state that a write
/// has superseded. Clearing raises a floor below which nothing is accepted.
///
/// It is only valid while this process is the database's only writer, which ``SQLiteDeckStore``
/// ensures with an exclusive lock on its file.
final class DeckReadCache: Sendable {
    /// Where a state stands in commit order; see the type's discussion.
    struct Rank: Comparable, Sendable {
        fileprivate let value: Int64
        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.value < rhs.value }
    }

    private struct Entry {
        let deck: DeckState
        let rank: Rank
    }

    private struct Contents {
        var entries: [String: Entry] = [:]
        var latestWrite: Int64 = 0
        var floor = Rank(value: Int64.min)

        var readRank: Rank { Rank(value: 2 * latestWrite - 1) }
    }

    private let contents = Mutex(Contents())
    private let capacity: Int

    /// - Parameter capacity: the most decks kept; past it the cache starts over.
    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The cached deck, if any.
    func deck(withID id: String) -> DeckState? {
        contents.withLock { $0.entries[id]?.deck }
    }

    /// The rank a read that starts now stores its result at.
    func rankForRead() -> Rank {
        contents.withLock { $0.readRank }
    }

    /// The rank of a write's result; call inside the write transaction.
    func rankForWrite() -> Rank {
        contents.withLock { contents in
            contents.latestWrite += 1
            return Rank(value: 2 * contents.latestWrite)
        }
    }

    /// Records a deck's state at `rank`, unless a state of higher rank is already known.
    func store(_ deck: DeckState, id: String, rank: Rank) {
        contents.withLock { contents in
            guard rank >= contents.floor else { return }
            if let existing = contents.entries[id], existing.rank > rank { return }
            if contents.entries.count >= capacity, contents.entries[id] == nil {
                Self.clear(&contents)
                guard rank >= contents.floor else { return }
            }
            contents.entries[id] = Entry(deck: deck, rank: rank)
        }
    }

    /// Forgets everything, and refuses results of reads that began before now.
    func removeAll() {
        contents.withLock { Self.clear(&$0) }
    }

    private static func clear(_ contents: inout Contents) {
        contents.entries.removeAll(keepingCapacity: true)
        contents.latestWrite += 1
        contents.floor = contents.readRank
    }
}
