import DeckStorage
import Logging
import NIOCore
import PlayingCards
import ServiceLifecycle
import Synchronization
import TableCore

/// Fans a deck's events out to the subscribers of this process: the owner of an
/// ``EventHubStateMachine``, which it holds under one lock and whose actions it carries out.
///
/// The store tells the hub when events are committed (by this process or, over PostgreSQL, any
/// other); the machine then asks for a read of the deck's new events, once for all of its
/// subscribers. The hub runs each read as a child task of its own ``run()`` (so every read ends
/// before the service does, and none outlives a stopped server), renders each event once per
/// visibility class, reports the frames to the machine, and hands the writes it returns to the
/// subscribers' connections (``EventStreamConnection``).
///
/// Writes are handed to the event loops while the lock is held: the machine's order is then the
/// order frames reach each connection. Everything else the machine asks for (starting a read,
/// ending a stream, closing a connection) happens after the lock is released.
///
/// As a service it also sends every stream a heartbeat each ``Configuration/heartbeatInterval``
/// and, on graceful shutdown, ends every stream.
package final class EventHub: Service, Sendable {
    /// How events are delivered.
    package struct Configuration: Sendable {
        /// How often an idle stream gets a comment line.
        package var heartbeatInterval: Duration = .seconds(15)
        /// The most frames waiting for one subscriber before it is disconnected.
        package var subscriberCapacity = 1_024
        /// How long an events request waits for the hub to hear of commits (see ``waitUntilObserving()``).
        package var setUpTimeout: Duration = .seconds(10)

        /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
        package init(
            heartbeatInterval: Duration = .seconds(15), subscriberCapacity: Int = 1_024,
            setUpTimeout: Duration = .seconds(10)
        ) {
            self.heartbeatInterval = heartbeatInterval
            self.subscriberCapacity = subscriberCapacity
            self.setUpTimeout = setUpTimeout
        }
    }

    package typealias Machine = EventHubStateMachine<EventStreamConnection>
    /// A subscriber's identity.
    package typealias SubscriberID = Machine.SubscriberID

    private struct State {
        var machine: Machine
        /// Events requests waiting for the hub to hear of commits, by waiter number.
        var setUpWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        var lastSetUpWaiter: UInt64 = 0
        /// For each deck with subscribers, the table's counts after a known event: the next read
        /// replays its records forwards from them (records store only what changed, see
        /// `TableEventReplay`). Always a fact about the deck, whatever the machine's point.
        var positions: [String: TablePosition] = [:]
        /// The connections the hub's shut-down ended, whose last chunks it waits for before it stops.
        var ending: [EventStreamConnection] = []
    }

    /// How long the hub, stopping, waits for its streams' last chunks to be written and their connections closed: a
    /// client that reads nothing cannot hold the server up longer.
    package static let endingGrace: Duration = .seconds(5)

    /// The table's counts right after event `number`.
    package struct TablePosition: Sendable {
        package let number: Int64
        package let snapshot: TableSnapshot
    }

    /// The most events read from the store at once.
    package static let pageSize = TableEventReplay.pageSize

    package let configuration: Configuration
    package let store: any DeckStore
    package let cardJSON: PublicCardJSON
    package let logger: Logger
    private let state: Mutex<State>
    /// The reads the machine asks for, which ``run()`` starts.
    private let readRequests: AsyncStream<Machine.Read>
    private let readRequester: AsyncStream<Machine.Read>.Continuation
    /// How many decks have subscribers here, so that the store's notices skip the lock when none
    /// has (every change of a live table brings one). Written under `state`'s lock, read without
    /// it: a notice that misses a deck subscribed meanwhile loses nothing, since a starting deck
    /// reads its events itself.
    private let followedDecks = Atomic<Int>(0)

    package init(store: any DeckStore, cardJSON: PublicCardJSON, configuration: Configuration, logger: Logger) {
        self.store = store
        self.cardJSON = cardJSON
        self.configuration = configuration
        self.logger = logger
        state = Mutex(
            State(
                machine: Machine(
                    configuration: .init(
                        subscriberCapacity: configuration.subscriberCapacity,
                        heartbeatFrame: EventStreamConnection.heartbeatFrame))))
        (readRequests, readRequester) = AsyncStream.makeStream()
    }

    /// Starts hearing of committed events, runs the reads the machine asks for, sends
    /// heartbeats, and ends every stream on shutdown.
    package func run() async throws {
        do {
            try await store.observeEvents { [weak self] deckID, number in
                self?.eventsCommitted(deckID: deckID, number: number)
            }
        } catch {
            // The server still answers requests; streams then show their opening state only.
            logger.error("cannot hear of committed events; event streams will not update: \(String(describing: error))")
        }
        let waiters = state.withLock { state in
            state.machine.observingStarted()
            defer { state.setUpWaiters = [:] }
            return state.setUpWaiters.values
        }
        for waiter in waiters { waiter.resume(returning: true) }
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.sendHeartbeats() }
                for await read in self.readRequests {
                    group.addTask { await self.perform(read) }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.shutDown()
        }
        shutDown()
        await waitForEndedStreams()
    }

    /// Waits until every stream the shut-down ended has written its last chunk and closed its connection (the
    /// handler closes it once the chunk is written), at most ``endingGrace``: until then the server does not stop,
    /// so that no stream is cut short by the process ending.
    private func waitForEndedStreams() async {
        let closing = state.withLock { state in
            defer { state.ending = [] }
            return state.ending.map(\.closeFuture)
        }
        guard !closing.isEmpty else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for future in closing { try? await future.get() }
            }
            group.addTask { try? await Task.sleep(for: Self.endingGrace) }
            await group.next()
            group.cancelAll()
        }
    }

    /// The number of open subscriptions, for tests and metrics.
    package var subscriberCount: Int {
        state.withLock { $0.machine.subscriberCount }
    }

    // MARK: - Set-up

    /// Returns once the store tells the hub about commits (right after the server starts, the
    /// hub may still be setting that up), or the hub has shut down, or
    /// ``Configuration/setUpTimeout`` has passed.
    ///
    /// The wait is bounded so that an events request never waits for ever on a store that cannot
    /// set up its notifications (a PostgreSQL server whose LISTEN connection cannot be opened):
    /// it is refused instead, and the client retries.
    ///
    /// - Returns: whether the hub hears of commits (or has shut down, which the subscription
    ///   then says); `false` when the time-out passed first.
    package func waitUntilObserving() async -> Bool {
        let waiter = state.withLock { state -> UInt64? in
            guard state.machine.lifecycle == .settingUp else { return nil }
            state.lastSetUpWaiter += 1
            return state.lastSetUpWaiter
        }
        guard let waiter else { return true }
        let limit = configuration.setUpTimeout
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.setUpFinished(waiter: waiter) }
            group.addTask {
                // Cancelled (and so ended early) once the set-up has finished.
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Waits for the set-up to finish; `false` when cancelled first (the time-out passed).
    private func setUpFinished(waiter: UInt64) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer = state.withLock { state -> Bool? in
                    if state.machine.lifecycle != .settingUp { return true }
                    if Task.isCancelled { return false }
                    state.setUpWaiters[waiter] = continuation
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            state.withLock { $0.setUpWaiters.removeValue(forKey: waiter) }?.resume(returning: false)
        }
    }

    // MARK: - Subscribers

    /// Registers a subscriber of a deck. Report ``start(_:at:)`` once it has read the deck.
    ///
    /// - Parameters:
    ///   - deckID: the deck to follow.
    ///   - viewer: the subscriber's player name, `nil` for a spectator.
    ///   - connection: where its frames go.
    /// - Returns: the subscriber's id, or `nil` when the server is shutting down.
    package func subscribe(deckID: String, viewer: String?, connection: EventStreamConnection) -> SubscriberID? {
        state.withLock { state in
            defer { followedDecks.store(state.machine.decks.count, ordering: .relaxed) }
            return state.machine.subscribed(deckID: deckID, viewer: viewer, connection: connection)
        }
    }

    /// The subscriber has read the deck, at change `number`: its stream goes on after it.
    ///
    /// - Parameters:
    ///   - id: the subscriber, as ``subscribe(deckID:viewer:connection:)`` returned it.
    ///   - deck: the deck as the subscriber read it, after it subscribed.
    package func start(_ id: SubscriberID, at deck: DeckState) {
        let number = deck.changeNumber
        state.withLock { state in
            if state.positions[id.deckID] == nil {
                state.positions[id.deckID] = TablePosition(number: number, snapshot: TableSnapshot(deck))
            }
        }
        step { $0.started(id, from: number) }
    }

    /// What the hub knows of the deck's counts, for a read.
    package func knownPosition(of deckID: String) -> TablePosition? {
        state.withLock { $0.positions[deckID] }
    }

    /// Remembers the deck's counts after a read, while the deck has subscribers.
    package func remember(_ position: TablePosition, of deckID: String) {
        state.withLock { state in
            guard state.machine.decks[deckID] != nil else { return }
            state.positions[deckID] = position
        }
    }

    /// The subscriber's opening is written, up to event `lastSent`: from now on its frames go
    /// straight to its connection.
    package func openingSent(_ id: SubscriberID, lastSent: Int64) {
        step { $0.openingSent(id, lastSent: lastSent) }
    }

    /// Ends a subscriber's stream (its response's last chunk, then its connection closes) and
    /// forgets it.
    package func unsubscribe(_ id: SubscriberID) {
        step { $0.unsubscribed(id) }
    }

    // MARK: - Events

    /// Called by the store after a commit: reads and delivers the deck's new events. Deck id `""`
    /// means any deck may have new events.
    package func eventsCommitted(deckID: String, number: Int64) {
        guard followedDecks.load(ordering: .relaxed) > 0 else { return }
        if deckID.isEmpty {
            step { $0.eventsCommitted(deckID: nil, through: nil) }
        } else {
            step { $0.eventsCommitted(deckID: deckID, through: number) }
        }
    }

    /// Runs one read the machine asked for, and reports it.
    private func perform(_ read: Machine.Read) async {
        do {
            let (events, moreMayFollow) = try await readEvents(read)
            step { $0.readFinished(read, events: events, moreMayFollow: moreMayFollow) }
        } catch {
            logger.error("cannot read events of deck \(read.deckID): \(String(describing: error))")
            step { $0.readFailed(read) }
        }
    }

    private func sendHeartbeats() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: configuration.heartbeatInterval)
            } catch {
                return
            }
            step { $0.heartbeatDue() }
        }
    }

    /// Ends every stream and accepts no new subscriber.
    package func shutDown() {
        let waiters = state.withLock { state in
            defer { state.setUpWaiters = [:] }
            return state.setUpWaiters.values
        }
        let ended = step { $0.shutdownRequested() }
        state.withLock { $0.ending += ended }
        readRequester.finish()
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Applies one event to the machine and carries out what it returns; returns the connections it finished.
    @discardableResult
    private func step(_ event: (inout Machine) -> Machine.Output) -> [EventStreamConnection] {
        let output = state.withLock { state in
            var output = event(&state.machine)
            EventStreamConnection.hand(output.writes)
            output.writes = []
            for id in output.endedStreams where state.machine.decks[id.deckID] == nil {
                state.positions[id.deckID] = nil
            }
            followedDecks.store(state.machine.decks.count, ordering: .relaxed)
            return output
        }
        // After the lock: a connection's frames were handed to its event loop before its end.
        for connection in output.closedConnections { connection.close() }
        for connection in output.finishedConnections { connection.finish() }
        for read in output.reads { readRequester.yield(read) }
        return output.finishedConnections
    }
}
