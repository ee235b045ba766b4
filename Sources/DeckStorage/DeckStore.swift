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
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?)
    ) async throws -> Result?

    /// Changes a deck as ``updateRecordingEvent(deckID:now:_:)`` does, once per idempotency key.
    ///
    /// In one transaction: the key is looked up among the deck's remembered keys; if it is there,
    /// nothing runs and the remembered answer is returned (``IdempotentOutcome/replayed(_:)``, or
    /// ``IdempotentOutcome/keyReused`` when it came with another fingerprint). Otherwise `change`
    /// runs as in ``updateRecordingEvent(deckID:now:_:)`` and returns, besides its result and
    /// event, the answer to remember; the deck, the event and the key with its answer are committed
    /// together or not at all. A change that throws writes nothing, and its key is not remembered
    /// (the request may be made again with it); a service that remembers only changes that changed
    /// something throws for the others. A new key whose deck or client has its cap of keys from
    /// the last hour already (see ``IdempotencyKey``) is refused before `change` runs
    /// (``IdempotentOutcome/capReached(_:)``).
    ///
    /// A key is remembered for ``IdempotencyKey/retentionSeconds`` (see
    /// ``forgetAnswers(rememberedBefore:)``), or for ``IdempotencyKey/guaranteedSeconds`` at least
    /// when its deck or client made more than its cap of keys since; the keys go with their deck.
    /// Two requests with the same key that reach one or several processes at once change the
    /// deck once: the second finds the first's key.
    ///
    /// Requests without a key use ``updateRecordingEvent(deckID:now:_:)``, which reads and writes
    /// nothing of this.
    ///
    /// - Parameters:
    ///   - id: the deck's id.
    ///   - now: the current time, recorded with the key.
    ///   - key: the key and the request's fingerprint.
    ///   - change: the work to do on the deck; returns its result, its event and its answer.
    /// - Returns: the outcome, or `nil` when no deck has that id.
    /// - Throws: what `change` threw, or ``StorageError``.
    func updateOnce<Result: Sendable>(
        deckID id: String, now: Int64, key: IdempotencyKey,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?, RememberedAnswer)
    ) async throws -> IdempotentOutcome<Result>?

    /// Stores a new deck, as ``insert(_:now:)`` does, once per idempotency key in the store-wide
    /// scope of new decks.
    ///
    /// In one transaction: the key is looked up; if it is there, nothing is stored and the
    /// remembered answer is returned. Otherwise the deck is stored under a fresh id, and
    /// `answer(id)` is remembered with the key. Keys of new decks are remembered as a deck's are
    /// (and count towards their client's cap), also when the deck itself is gone.
    ///
    /// - Parameters:
    ///   - deck: the deck to store.
    ///   - now: the current time.
    ///   - key: the key (qualified by the service, such as with the client's address) and the
    ///     request's fingerprint.
    ///   - answer: the answer to remember, given the new deck's id.
    /// - Returns: ``IdempotentOutcome/performed(_:)`` with the new id, or the remembered outcome.
    /// - Throws: ``StorageError``.
    func insertOnce(
        _ deck: DeckState, now: Int64, key: IdempotencyKey,
        answer: @escaping @Sendable (_ id: String) -> RememberedAnswer
    ) async throws -> IdempotentOutcome<String>

    /// Forgets the keys (of decks and of new decks) remembered before `cutoff`, and those past their
    /// guaranteed hour beyond their deck's or client's cap of newer keys, with their answers.
    ///
    /// - Parameter cutoff: seconds since 1970; a server passes now minus
    ///   ``IdempotencyKey/retentionSeconds``.
    /// - Returns: how many keys were forgotten.
    /// - Throws: ``StorageError``.
    func forgetAnswers(rememberedBefore cutoff: Int64) async throws -> Int

    /// A deck's stored events after a given number, oldest first.
    ///
    /// - Parameters:
    ///   - id: the deck's id.
    ///   - number: only events numbered above it.
    ///   - limit: the most events returned.
    /// - Returns: the events, in number order; older events than the store retains are missing.
    /// - Throws: ``StorageError`` when the store cannot be read.
    func events(deckID id: String, after number: Int64, limit: Int) async throws -> [StoredDeckEvent]

    /// Starts telling `observer` about every event committed from now on, by this process or (for
    /// a store several processes share) any other.
    ///
    /// - Parameter observer: called with the deck and its latest event number after each commit.
    /// - Throws: ``StorageError`` when the notifications cannot be set up.
    func observeEvents(_ observer: @escaping DeckEventObserver) async throws

    /// Records (or renews) `server`'s lease on deck `id`, until `expiry`. See ``PresenceLease``.
    ///
    /// - Parameters:
    ///   - server: the holding server's number.
    ///   - id: the deck.
    ///   - expiry: milliseconds since 1970 after which other servers may take the lease.
    /// - Throws: ``StorageError``.
    func holdPresenceLease(server: UInt64, deckID id: String, until expiry: Int64) async throws

    /// Deletes `server`'s lease on deck `id`, if it has one.
    ///
    /// - Throws: ``StorageError``.
    func releasePresenceLease(server: UInt64, deckID id: String) async throws

    /// Renews every lease `server` has, until `expiry`.
    ///
    /// - Returns: how many leases it had: fewer than the server holds means another server took
    ///   some (it was thought gone), and the server must hold its players again under a new number.
    /// - Throws: ``StorageError``.
    func renewPresenceLeases(server: UInt64, until expiry: Int64) async throws -> Int

    /// Deletes and returns every lease that expired before `now`, so that the caller lets go of
    /// the players they held. Two servers that ask at once never both get the same lease.
    ///
    /// - Parameter now: milliseconds since 1970.
    /// - Throws: ``StorageError``.
    func takeExpiredPresenceLeases(before now: Int64) async throws -> [PresenceLease]

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
