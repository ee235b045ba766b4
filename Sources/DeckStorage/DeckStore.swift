import PlayingCards

/// Where decks live: one implementation per backend (SQLite today; others behind the same contract).
///
/// Every change of a deck is atomic (a transaction of its own, or one step of a transaction the
/// store groups several changes into), and changes of the same deck are serialized, so two
/// concurrent requests can never deal the same card or lose each other's pile updates. A change is
/// reported done only once it is committed.
///
/// Times are seconds since 1970, passed in by the caller: a store never reads a clock.
public protocol DeckStore: Sendable {
    /// Stores a new deck under a fresh, unique, unguessable id.
    ///
    /// - Parameters:
    ///   - deck: the deck to store.
    ///   - now: the current time, recorded as the deck's last change.
    /// - Returns: the deck's id, 12 characters of `[a-z0-9]`.
    /// - Throws: ``StorageError`` when the store cannot be written.
    func insert(_ deck: DeckState, now: Int64) async throws -> String

    /// Reads a deck. Reading does not count as a change.
    ///
    /// - Parameter id: the deck's id.
    /// - Returns: the deck, or `nil` when no deck has that id.
    /// - Throws: ``StorageError`` when the store cannot be read.
    func deck(withID id: String) async throws -> DeckState?

    /// Changes a deck atomically, serialized with every other change of the same deck.
    ///
    /// `change` runs on the current state; if it throws, nothing is written and the error is
    /// rethrown. If it leaves the deck as it was, nothing is written either.
    ///
    /// - Parameters:
    ///   - id: the deck's id.
    ///   - now: the current time, recorded as the deck's last change when it changes.
    ///   - change: the work to do on the deck.
    /// - Returns: what `change` returned, or `nil` when no deck has that id.
    /// - Throws: what `change` threw, or ``StorageError`` when the store cannot be read or written.
    func update<Result: Sendable>(
        deckID id: String, now: Int64, _ change: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result?

    /// Changes a deck atomically, as ``update(deckID:now:_:)`` does, and stores the event `change`
    /// returns (if any) in the same transaction.
    ///
    /// The event is written only when the deck changed; it is committed together with the change or
    /// not at all, and observers (see ``observeEvents(_:)``) hear of it once it is committed.
    ///
    /// - Parameters:
    ///   - id: the deck's id.
    ///   - now: the current time.
    ///   - change: the work to do on the deck; returns its result and the event describing it.
    /// - Returns: the result `change` returned, or `nil` when no deck has that id.
    /// - Throws: what `change` threw, or ``StorageError``.
    func updateRecordingEvent<Result: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, DeckEvent?)
    ) async throws -> Result?

    /// A deck's stored events after a given number, oldest first.
    ///
    /// - Parameters:
    ///   - id: the deck's id.
    ///   - number: only events numbered above it.
    ///   - limit: the most events returned.
    /// - Returns: the events, in number order; older events than the store retains are missing.
    /// - Throws: ``StorageError`` when the store cannot be read.
    func events(deckID id: String, after number: Int64, limit: Int) async throws -> [DeckEvent]

    /// Starts telling `observer` about every event committed from now on, by this process or (for
    /// a store several processes share) any other.
    ///
    /// - Parameter observer: called with the deck and its latest event number after each commit.
    /// - Throws: ``StorageError`` when the notifications cannot be set up.
    func observeEvents(_ observer: @escaping DeckEventObserver) async throws

    /// Deletes every deck whose last change is older than `cutoff`.
    ///
    /// A store may keep the time of a deck's latest change to within a minute, to save writes, and
    /// then keeps a deck unchanged since just before `cutoff` until a later sweep; it never deletes
    /// one changed at or after `cutoff`.
    ///
    /// - Parameter cutoff: seconds since 1970.
    /// - Returns: how many decks were deleted.
    func deleteDecks(unchangedBefore cutoff: Int64) async throws -> Int

    /// The number of decks stored.
    func deckCount() async throws -> Int

    /// Checks that the store can be reached, for health checks.
    func checkHealth() async throws

    /// Releases the store's connections and files, once nothing uses it any more (a server calls it
    /// after its last request is answered). Every acknowledged change is already durable; closing
    /// only lets go of resources. The store cannot be used afterwards.
    ///
    /// - Throws: ``StorageError`` when a database connection cannot be closed cleanly.
    func close() async throws
}
