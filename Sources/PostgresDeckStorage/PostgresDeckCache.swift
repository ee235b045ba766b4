import PlayingCards
import Synchronization

/// The decks this process last read or wrote, each with the row version it had then: a guess at
/// a deck's current state that saves a batch from reading the deck before changing it.
///
/// Never trusted on its own: other processes change the same rows, so a batch writes a change
/// computed from a cached state only with `UPDATE … WHERE version = <cached version>`, and a
/// change that left its deck unchanged has the version checked too (see ``PostgresWriteBatch``).
/// A stale entry costs another write-back (the failed one brings the current state back), never
/// a wrong answer. Versions only grow, so an entry is only replaced by one of a higher version.
///
/// When other processes change the same decks as often as this one, most entries are stale by the
/// time they are used, and trying them first sends states that are not written and holds row
/// locks for nothing. So the cache keeps track of
/// how often the entries it handed out turned out stale (measured whether or not a batch tried
/// them), and ``isWorthTrying`` says whether to start from them or read the decks first.
final class PostgresDeckCache: Sendable {
    /// A deck's state at a row version.
    struct Entry: Sendable {
        let deck: DeckState
        let version: Int64
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// The recent share of cached entries found stale, as a moving average.
    private let staleShare = Mutex<Double>(0)
    private let capacity: Int

    /// Whether cached entries have lately been current often enough to start changes from them.
    var isWorthTrying: Bool { staleShare.withLock { $0 } < 0.5 }

    /// Records how many of the cached entries a batch compared with the database were stale.
    func recordChecks(stale: Int, of checked: Int) {
        guard checked > 0 else { return }
        let share = Double(stale) / Double(checked)
        staleShare.withLock { $0 = $0 * 0.75 + share * 0.25 }
    }

    /// - Parameter capacity: the most decks kept; past it the cache starts over.
    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The latest state this process saw of a deck, if it still remembers it.
    func entry(forDeck id: String) -> Entry? {
        entries.withLock { $0[id] }
    }

    /// Records a deck's state at `version`, unless a later version is already known.
    func store(_ deck: DeckState, version: Int64, forDeck id: String) {
        entries.withLock { entries in
            if let known = entries[id], known.version >= version { return }
            if entries.count >= capacity, entries[id] == nil { entries.removeAll(keepingCapacity: true) }
            entries[id] = Entry(deck: deck, version: version)
        }
    }

    /// Forgets a deck (found deleted).
    func remove(deck id: String) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }
}
