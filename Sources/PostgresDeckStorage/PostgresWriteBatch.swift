import DeckStorage
import Logging
import NIOCore
import PlayingCards
import PostgresNIO

/// Writes one batch of queued changes to PostgreSQL, in as few round trips as the decks allow.
///
/// The changes are grouped by deck; a deck's changes run one after another on its state, in queue
/// order, exactly as if each were a transaction of its own. Then, in one statement
/// (``PostgresStatements/WriteBack``), every changed deck is written back with a compare-and-swap
/// on the row version its changes started from, and every deck they left unchanged has its version
/// checked. A deck whose version moved on (another process changed it) comes back with its
/// current state, and its changes run again on that state in the next round, without another
/// read. So with warm states (from ``PostgresDeckCache``) a batch costs one round trip; with
/// states to read, or stale ones, two.
///
/// After ``optimisticRounds`` rounds the decks still contended are changed inside a transaction
/// that holds their rows locked (`SELECT … ORDER BY id FOR UPDATE`), which cannot lose a race.
/// Either way a write only lands on the state it was computed from, so no card is dealt twice
/// and no update lost, across any number of processes; a change is reported done only once the
/// statement or transaction holding it has committed. A change that throws writes nothing of its
/// own; its deck's other changes still commit. A database failure fails the changes not yet
/// committed.
struct PostgresWriteBatch: Sendable {
    /// The most changes (and so decks) in one batch; keeps the write-back answer small.
    static let maximumChanges = 128
    /// Compare-and-swap rounds before the locked transaction.
    static let optimisticRounds = 3

    let client: PostgresClient
    let cache: PostgresDeckCache
    let logger: Logger
    /// How long one lease of a pool connection serves batches that follow each other back to back
    /// before it goes back to the pool (see ``run(_:then:)``): about ten batches under load.
    var maximumLeaseTurn: Duration = .milliseconds(10)

    /// The changes of one deck in the batch, and what the batch knows of the deck.
    struct DeckWork {
        let id: String
        var changes: [PostgresPendingChange] = []
        /// The latest time among the changes: the deck's new `updated_at`.
        var latestChange: Int64 = .min
        /// The state the changes run on next, if known.
        var base: PostgresDeckCache.Entry?
        /// Whether `base` was read in this batch (so confirmed current when it was read).
        var baseIsFresh = false
        /// The version the cache held when the batch started, to measure how often it is stale.
        /// Cleared once counted.
        var cachedVersion: Int64?
        var completed = false

        func complete(_ completion: PostgresPendingChange.Completion) {
            for change in changes { change.complete(completion) }
        }
    }

    /// Runs the changes and reports each one's outcome through its `complete`.
    func run(_ changes: [PostgresPendingChange]) async {
        _ = await run(changes, then: { [] })
    }

    /// Runs `first`, then each batch `next` hands over, one after another on one connection of the
    /// pool, until `next` hands over none, a batch fails, or the lease has served its turn
    /// (``maximumLeaseTurn``); each change's outcome is reported through its `complete` as soon as
    /// its own batch ends.
    ///
    /// Batches that follow each other back to back share one lease of a pool connection. The pool
    /// schedules timers each time a connection goes back (its keep-alive, and an idle timeout for
    /// connections beyond the pool's minimum) and cancels them at the next lease: tasks and thread
    /// wake-ups that a lease per batch paid every round trip. The turn ends the lease now and then
    /// even while batches keep coming, so that other work waiting for a connection (a read, a new
    /// deck) is not held up for longer than that.
    ///
    /// - Returns: `true` when `next` handed over no batch; `false` when a batch failed (the
    ///   database failed or could not be reached) or the turn ended, so that later batches need
    ///   another lease.
    func run(
        _ first: [PostgresPendingChange], then next: () -> [PostgresPendingChange]
    ) async -> Bool {
        var decks = deckWork(for: first)
        var ranDry = false
        do {
            try await client.withConnection { connection in
                let leased = ContinuousClock.now
                while true {
                    try await write(&decks, connection: connection)
                    if ContinuousClock.now - leased >= maximumLeaseTurn { return }
                    let changes = next()
                    if changes.isEmpty {
                        ranDry = true
                        return
                    }
                    decks = deckWork(for: changes)
                }
            }
            return ranDry
        } catch {
            let failure = PostgresDeckStore.storageError(error, write: true)
            for deck in decks where !deck.completed { deck.complete(.failed(failure)) }
            return false
        }
    }

    /// The changes grouped by deck, in queue order, each deck starting from its cached state when
    /// the cache is worth trying.
    private func deckWork(for changes: [PostgresPendingChange]) -> [DeckWork] {
        var decks: [DeckWork] = []
        var index: [String: Int] = [:]
        let triesCache = cache.isWorthTrying
        for change in changes {
            let position = index[change.deckID] ?? decks.count
            if position == decks.count {
                index[change.deckID] = position
                let cached = cache.entry(forDeck: change.deckID)
                decks.append(
                    DeckWork(id: change.deckID, base: triesCache ? cached : nil, cachedVersion: cached?.version))
            }
            decks[position].changes.append(change)
            decks[position].latestChange = max(decks[position].latestChange, change.now)
        }
        return decks
    }

    /// Writes one batch: optimistic rounds, then the locked round for the decks still contended.
    private func write(_ decks: inout [DeckWork], connection: PostgresConnection) async throws {
        var tally = CacheTally()
        defer { cache.recordChecks(stale: tally.stale, of: tally.checked) }
        for _ in 0..<Self.optimisticRounds where decks.contains(where: { !$0.completed }) {
            try await optimisticRound(&decks, tally: &tally, connection: connection)
        }
        if decks.contains(where: { !$0.completed }) {
            try await lockedRound(&decks, connection: connection)
        }
    }

    /// Reads the decks with no known state, runs the changes, and writes back in one statement.
    private func optimisticRound(
        _ decks: inout [DeckWork], tally: inout CacheTally, connection: PostgresConnection
    ) async throws {
        try await settleRememberedKeys(&decks, connection: connection)
        let unknown = decks.indices.filter { !decks[$0].completed && decks[$0].base == nil }
        if !unknown.isEmpty {
            let found = try await read(unknown.map { decks[$0].id }, connection: connection, locking: false)
            for position in unknown {
                let read = found[decks[position].id]
                if let cachedVersion = decks[position].cachedVersion, case .success(let entry)? = read {
                    tally.count(stale: entry.version != cachedVersion)
                    decks[position].cachedVersion = nil
                }
                settleRead(&decks[position], read)
            }
        }
        var input = WriteBackInput()
        var newStates: [Int: DeckState] = [:]
        for position in decks.indices where !decks[position].completed {
            guard let base = decks[position].base else { continue }
            let (deck, events) = runChanges(of: decks[position], on: base.deck)
            if deck != base.deck {
                newStates[position] = deck
                try input.write(
                    deck: decks[position].id, state: deck, events: events, over: base.version,
                    now: decks[position].latestChange, position: position)
            } else if decks[position].baseIsFresh, !decks[position].hasKeys {
                decks[position].completed = true
                decks[position].complete(.done)
            } else {
                // A keyed change that left its deck as it was still has its key to write.
                input.check(deck: decks[position].id, version: base.version, position: position)
            }
            input.remember(keysOf: decks[position])
        }
        if input.isEmpty { return }
        let answers = try await writeBack(input, connection: connection)
        for position in input.positions {
            let id = decks[position].id
            let triedCache = !decks[position].baseIsFresh && decks[position].cachedVersion != nil
            decks[position].cachedVersion = nil
            guard let (version, written, currentState) = answers[id] else {
                cache.remove(deck: id)
                decks[position].completed = true
                decks[position].complete(.missing)
                continue
            }
            // Written: the change landed on the state it ran on. Checked: the state it ran on is current.
            let unchangedAndCurrent = newStates[position] == nil && version == decks[position].base?.version
            let current = written ? newStates[position] != nil : unchangedAndCurrent
            if triedCache { tally.count(stale: !current) }
            if current {
                if written, let deck = newStates[position] { cache.store(deck, version: version, forDeck: id) }
                decks[position].completed = true
                decks[position].complete(.done)
            } else if let currentState {
                // The row's state as of this statement, which began after every change of the deck
                // was queued: as fresh as a read.
                settleRead(
                    &decks[position],
                    Self.decodeEntry(currentState, version: version, id: id))
            } else {
                decks[position].base = nil
                decks[position].baseIsFresh = false
            }
        }
    }

    /// Changes the remaining decks inside one transaction that holds their rows locked.
    private func lockedRound(_ decks: inout [DeckWork], connection: PostgresConnection) async throws {
        let open = decks.indices.filter { !decks[$0].completed }
        let snapshot = open.map { decks[$0] }
        let logger = logger
        // Per open deck: nil when missing, else the new state and version (or the unchanged state's);
        // then the decks' changes still to complete, and the keyed changes answered by their keys.
        let (outcomes, works, answered) = try await connection.withTransaction(logger: logger) {
            connection in
            let found = try await read(snapshot.map(\.id), connection: connection, locking: true)
            // With the rows locked, a key not remembered now cannot be remembered by anyone else first.
            var works = snapshot
            let answered = try await takeRememberedChanges(from: &works, connection: connection)
            var input = WriteBackInput()
            var outcomes: [(DeckState, Int64, written: Bool)?] = []
            for (offset, work) in works.enumerated() {
                guard let base = try found[work.id]?.get() else {
                    outcomes.append(nil)
                    continue
                }
                let (deck, events) = runChanges(of: work, on: base.deck)
                outcomes.append((deck, base.version, written: deck != base.deck))
                if deck != base.deck {
                    try input.write(
                        deck: work.id, state: deck, events: events, over: base.version, now: work.latestChange,
                        position: offset)
                } else if work.hasKeys {
                    input.check(deck: work.id, version: base.version, position: offset)
                }
                input.remember(keysOf: work)
            }
            if input.isEmpty { return (outcomes, works, answered) }
            let answers = try await writeBack(input, connection: connection)
            for offset in input.positions where outcomes[offset]?.written == true {
                guard let (version, written, _) = answers[works[offset].id], written else {
                    throw StorageError.writeFailed("deck \(works[offset].id) changed while its row was locked")
                }
                outcomes[offset]?.1 = version
            }
            return (outcomes, works, answered)
        }
        for (change, remembered) in answered { change.complete(.answeredBefore(remembered)) }
        for (offset, position) in open.enumerated() {
            decks[position].changes = works[offset].changes
            decks[position].completed = true
            guard let (deck, version, written) = outcomes[offset] else {
                cache.remove(deck: decks[position].id)
                decks[position].complete(.missing)
                continue
            }
            if written { cache.store(deck, version: version, forDeck: decks[position].id) }
            decks[position].complete(.done)
        }
    }

    /// Runs a deck's changes in order on `base`; each records its own result.
    ///
    /// - Returns: the new state and the events the changes recorded, in order.
    private func runChanges(of work: DeckWork, on base: DeckState) -> (DeckState, [StoredDeckEvent]) {
        var deck = base
        var events: [StoredDeckEvent] = []
        for change in work.changes {
            if let event = change.run(&deck) { events.append(event) }
        }
        return (deck, events)
    }

    /// Takes a deck's freshly read state (or its absence, or a state that cannot be decoded).
    private func settleRead(_ work: inout DeckWork, _ read: Result<PostgresDeckCache.Entry, StorageError>?) {
        switch read {
        case .success(let entry)?:
            work.base = entry
            work.baseIsFresh = true
            cache.store(entry.deck, version: entry.version, forDeck: work.id)
        case .failure(let error)?:
            work.completed = true
            work.complete(.failed(error))
        case nil:
            cache.remove(deck: work.id)
            work.completed = true
            work.complete(.missing)
        }
    }

    private func read(
        _ ids: [String], connection: PostgresConnection, locking: Bool
    ) async throws -> [String: Result<PostgresDeckCache.Entry, StorageError>] {
        var found: [String: Result<PostgresDeckCache.Entry, StorageError>] = [:]
        let rows: AsyncThrowingMapSequence<PostgresRowSequence, (String, ByteBuffer, Int64)>
        if locking {
            rows = try await connection.execute(PostgresStatements.SelectDecksForUpdate(ids: ids), logger: logger)
        } else {
            rows = try await connection.execute(PostgresStatements.SelectDecks(ids: ids), logger: logger)
        }
        for try await (id, bytes, version) in rows {
            found[id] = Self.decodeEntry(bytes, version: version, id: id)
        }
        return found
    }

    private static func decodeEntry(
        _ bytes: ByteBuffer, version: Int64, id: String
    ) -> Result<PostgresDeckCache.Entry, StorageError> {
        Result { try PostgresDeckStore.decode(bytes, id: id) }
            .map { PostgresDeckCache.Entry(deck: $0, version: version) }
            .mapError { $0 as? StorageError ?? .corruptDeck(id, String(describing: $0)) }
    }

    /// The write-back's answer: each stored deck's version, whether it was written, and its
    /// current state when it was not at the version expected.
    private func writeBack(
        _ input: WriteBackInput, connection: PostgresConnection
    ) async throws -> [String: (Int64, Bool, ByteBuffer?)] {
        var answers: [String: (Int64, Bool, ByteBuffer?)] = [:]
        if input.requests.isEmpty {
            for try await (id, version, written, state) in try await connection.execute(input.statement, logger: logger)
            {
                answers[id] = (version, written, state)
            }
        } else {
            let remembering = PostgresRememberedAnswers.WriteBackRemembering(
                writeBack: input.statement, requests: input.requests)
            for try await (id, version, written, state) in try await connection.execute(remembering, logger: logger) {
                answers[id] = (version, written, state)
            }
        }
        return answers
    }
}

/// How many cached states a batch compared with the database, and how many were stale.
private struct CacheTally {
    var checked = 0
    var stale = 0

    mutating func count(stale isStale: Bool) {
        checked += 1
        if isStale { stale += 1 }
    }
}

/// The rows of one ``PostgresStatements/WriteBack``, with the batch positions they belong to.
private struct WriteBackInput {
    private var ids: [String] = []
    private var states: [ByteBuffer] = []
    private var expectedVersions: [Int64] = []
    private var updatedAt: [Int64] = []
    private var writes: [Bool] = []
    private var eventDeckIDs: [String] = []
    private var eventNumbers: [Int64] = []
    private var eventPayloads: [ByteBuffer] = []
    private(set) var positions: [Int] = []
    /// The keys to remember with the decks written or checked (see PostgresWriteBatch+Idempotency).
    private(set) var requests = PostgresRememberedAnswers.Requests()

    var isEmpty: Bool { ids.isEmpty }

    var statement: PostgresStatements.WriteBack {
        PostgresStatements.WriteBack(
            ids: ids, states: states, expectedVersions: expectedVersions, updatedAt: updatedAt, writes: writes,
            eventDeckIDs: eventDeckIDs, eventNumbers: eventNumbers, eventPayloads: eventPayloads)
    }

    /// A compare-and-swap of `state` over the row at `version`, stamped `now`, with the events
    /// that go in only if it is written.
    mutating func write(
        deck id: String, state: DeckState, events: [StoredDeckEvent], over version: Int64, now: Int64, position: Int
    ) throws {
        append(id, ByteBuffer(bytes: try state.serialized()), version, now, write: true, position: position)
        for event in events {
            eventDeckIDs.append(id)
            eventNumbers.append(event.number)
            eventPayloads.append(ByteBuffer(bytes: event.payload))
        }
    }

    /// Remembers the keys of a deck's keyed changes with their answers, if the deck is written or
    /// found current.
    mutating func remember(keysOf work: PostgresWriteBatch.DeckWork) {
        if work.hasKeys { requests.add(keysOf: work.changes, deckID: work.id) }
    }

    /// A check that the row is still at `version`, writing nothing.
    mutating func check(deck id: String, version: Int64, position: Int) {
        append(id, ByteBuffer(), version, 0, write: false, position: position)
    }

    private mutating func append(
        _ id: String, _ state: ByteBuffer, _ version: Int64, _ now: Int64, write: Bool, position: Int
    ) {
        ids.append(id)
        states.append(state)
        expectedVersions.append(version)
        updatedAt.append(now)
        writes.append(write)
        positions.append(position)
    }
}
