import DeckStorage
import Logging
import NIOCore
import PlayingCards
import ServiceLifecycle
import Synchronization

/// Fans a deck's events out to the subscribers of this process.
///
/// The store tells the hub when events are committed (by this process or, over PostgreSQL, any
/// other); the hub then reads the deck's events after the last one it delivered, once for all its
/// subscribers of that deck, renders each event once per distinct view (spectators share one), and
/// hands the frames to every subscriber's bounded mailbox. One read runs at a time per deck;
/// notices that arrive meanwhile make it read again, so nothing is missed and nothing read twice.
///
/// As a service it also sends every subscriber a heartbeat each ``Configuration/heartbeatInterval``
/// and, on graceful shutdown, ends every stream.
final class EventHub: Service, Sendable {
    /// How events are delivered.
    struct Configuration: Sendable {
        /// How often an idle stream gets a comment line.
        var heartbeatInterval: Duration = .seconds(15)
        /// The most frames waiting for one subscriber before it is disconnected.
        var subscriberCapacity = 1_024
        /// How long an events request waits for the hub to hear of commits (see ``waitUntilObserving()``).
        var setUpTimeout: Duration = .seconds(10)
    }

    private struct Channel {
        var subscribers: [UInt64: EventSubscriber] = [:]
        /// The number of the last event delivered; `nil` until the first subscriber has read the deck.
        var cursor: Int64?
        /// The table's counts after event ``cursor``, which the next events replay on (records
        /// store only what changed, see ``TableEventReplay``).
        var snapshot: TableSnapshot?
        var reading = false
        var readAgain = false

        /// Where delivery stands, once started: the last event delivered and the counts after it.
        var position: (cursor: Int64, snapshot: TableSnapshot)? {
            guard let cursor, let snapshot else { return nil }
            return (cursor, snapshot)
        }
    }

    private struct State {
        var channels: [String: Channel] = [:]
        var nextID: UInt64 = 0
        var isShutDown = false
        var isObserving = false
        /// Events requests waiting for the hub to hear of commits, by waiter number.
        var observingWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    /// The most events read from the store at once.
    static let pageSize = 256

    let configuration: Configuration
    private let store: any DeckStore
    private let cardJSON: PublicCardJSON
    private let logger: Logger
    private let state = Mutex(State())
    /// How many decks have subscribers here, for the store's notices to skip the lock when none
    /// has (every change of a live table brings one). Kept under `state`'s lock; read without it: a
    /// notice that misses a channel registered meanwhile loses nothing, since a new channel reads
    /// its deck's events itself once started.
    private let channelCount = Atomic<Int>(0)

    init(store: any DeckStore, cardJSON: PublicCardJSON, configuration: Configuration, logger: Logger) {
        self.store = store
        self.cardJSON = cardJSON
        self.configuration = configuration
        self.logger = logger
    }

    /// Starts hearing of committed events, sends heartbeats, and ends every stream on shutdown.
    func run() async throws {
        do {
            try await store.observeEvents { [weak self] deckID, number in
                self?.eventsCommitted(deckID: deckID, number: number)
            }
        } catch {
            // The server still answers requests; streams then show their opening state only.
            logger.error("cannot hear of committed events; event streams will not update: \(String(describing: error))")
        }
        let waiters = state.withLock { state in
            state.isObserving = true
            defer { state.observingWaiters = [:] }
            return state.observingWaiters.values
        }
        for waiter in waiters { waiter.resume(returning: true) }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: self.configuration.heartbeatInterval)
                } catch {
                    break
                }
                self.sendHeartbeats()
            }
        }
        shutDown()
    }

    /// The number of open subscriptions, for tests and metrics.
    var subscriberCount: Int {
        state.withLock { $0.channels.values.reduce(0) { $0 + $1.subscribers.count } }
    }

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
    func waitUntilObserving() async -> Bool {
        let limit = configuration.setUpTimeout
        let waiter = state.withLock { state -> UInt64? in
            if state.isObserving || state.isShutDown { return nil }
            state.nextWaiter += 1
            return state.nextWaiter
        }
        guard let waiter else { return true }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ready = state.withLock { state in
                if state.isObserving || state.isShutDown { return true }
                state.observingWaiters[waiter] = continuation
                return false
            }
            if ready { return continuation.resume(returning: true) }
            // Started once the waiter is registered, so it cannot miss it. Only a waiter still
            // registered is resumed: one that observing (or shutdown) resumed is gone by then.
            Task {
                try? await Task.sleep(for: limit)
                self.state.withLock { $0.observingWaiters.removeValue(forKey: waiter) }?.resume(returning: false)
            }
        }
    }

    /// Registers a subscriber of a deck. Call ``start(deckID:from:)`` once the deck has been read.
    ///
    /// - Returns: the subscriber, or `nil` when the server is shutting down.
    func subscribe(
        deckID: String, viewer: String?, closeConnection: @escaping @Sendable () -> Void
    ) -> EventSubscriber? {
        state.withLock { state in
            guard !state.isShutDown else { return nil }
            state.nextID += 1
            let subscriber = EventSubscriber(
                id: state.nextID, deckID: deckID, viewer: viewer, capacity: configuration.subscriberCapacity,
                closeConnection: closeConnection)
            if state.channels[deckID] == nil { channelCount.add(1, ordering: .relaxed) }
            state.channels[deckID, default: Channel()].subscribers[subscriber.id] = subscriber
            return subscriber
        }
    }

    /// Delivers the deck's events after `deck`'s change number from now on, unless events are
    /// already being delivered from an earlier point (a subscriber skips what it has already sent).
    ///
    /// - Parameters:
    ///   - deckID: the deck's id.
    ///   - deck: the deck as of its latest change, read after the subscriber was registered.
    func start(deckID: String, at deck: DeckState) {
        let number = deck.changeNumber
        state.withLock { state in
            guard state.channels[deckID] != nil, state.channels[deckID]?.cursor == nil else { return }
            state.channels[deckID]?.cursor = number
            state.channels[deckID]?.snapshot = TableSnapshot(deck)
        }
        eventsCommitted(deckID: deckID, number: number)
    }

    /// Removes a subscriber; the deck's channel goes when its last subscriber does.
    func unsubscribe(_ subscriber: EventSubscriber) {
        subscriber.finish()
        state.withLock { state in
            state.channels[subscriber.deckID]?.subscribers[subscriber.id] = nil
            if state.channels[subscriber.deckID]?.subscribers.isEmpty == true {
                state.channels[subscriber.deckID] = nil
                channelCount.subtract(1, ordering: .relaxed)
            }
        }
    }

    /// Called by the store after a commit: reads and delivers the deck's new events. Deck id `""`
    /// means any deck may have new events.
    func eventsCommitted(deckID: String, number: Int64) {
        guard channelCount.load(ordering: .relaxed) > 0 else { return }
        let decks = state.withLock { state -> [String] in
            let candidates = deckID.isEmpty ? Array(state.channels.keys) : [deckID]
            var toRead: [String] = []
            for deck in candidates {
                guard var channel = state.channels[deck], channel.cursor != nil else { continue }
                if channel.reading {
                    channel.readAgain = true
                } else {
                    channel.reading = true
                    toRead.append(deck)
                }
                state.channels[deck] = channel
            }
            return toRead
        }
        for deck in decks { Task { await self.deliverNewEvents(of: deck) } }
    }

    private func deliverNewEvents(of deckID: String) async {
        while true {
            guard let (cursor, snapshot) = state.withLock({ $0.channels[deckID]?.position }) else { return }
            let events: [DeckEvent]
            var steps: [TableEventReplay.Step]
            var position = (cursor: cursor, snapshot: snapshot)
            do {
                events = try await store.events(deckID: deckID, after: cursor, limit: Self.pageSize)
                let replayed = TableEventReplay.forward(events, from: snapshot, at: cursor)
                steps = replayed.steps
                if let last = steps.last { position = (last.number, last.snapshot) }
                if !replayed.complete {
                    // A gap (events trimmed before the hub read them) or a record that does not
                    // follow on: go on from the deck as it is now, replaying what can be replayed
                    // backwards from it. Subscribers that miss events on the way get a resync.
                    logger.warning("events of deck \(deckID) after \(position.cursor) do not follow on; catching up")
                    guard let deck = try await store.deck(withID: deckID) else {
                        state.withLock { $0.channels[deckID]?.reading = false }
                        return
                    }
                    let latest = deck.changeNumber
                    let recent = try await TableEventReplay.events(
                        of: deckID, in: store, after: position.cursor, through: latest)
                    steps += TableEventReplay.backward(recent, to: deck).filter { $0.number > position.cursor }
                    position = (max(position.cursor, latest), TableSnapshot(deck))
                }
            } catch {
                logger.error("cannot read events of deck \(deckID): \(String(describing: error))")
                // The events after the cursor are committed but not delivered, and only another
                // change of the deck would make the hub read again. End the deck's streams instead:
                // their clients resume with Last-Event-ID and get those events from the store.
                let subscribers = state.withLock { state -> [EventSubscriber] in
                    state.channels[deckID]?.reading = false
                    state.channels[deckID]?.readAgain = false
                    return state.channels[deckID].map { Array($0.subscribers.values) } ?? []
                }
                for subscriber in subscribers { unsubscribe(subscriber) }
                return
            }
            fanOut(steps, deckID: deckID)
            let again = state.withLock { state -> Bool in
                guard var channel = state.channels[deckID] else { return false }
                if position.cursor >= channel.cursor ?? 0 {
                    channel.cursor = position.cursor
                    channel.snapshot = position.snapshot
                }
                let again = events.count == Self.pageSize || channel.readAgain
                channel.readAgain = false
                channel.reading = again
                state.channels[deckID] = channel
                return again
            }
            if !again { return }
        }
    }

    private func fanOut(_ steps: [TableEventReplay.Step], deckID: String) {
        guard !steps.isEmpty else { return }
        let subscribers = state.withLock { $0.channels[deckID].map { Array($0.subscribers.values) } ?? [] }
        let renderer = TableEventRenderer(cardJSON: cardJSON.current)
        var dropped: [EventSubscriber] = []
        let directWrites = DirectFrameWrites()
        defer { directWrites.handOver() }
        for step in steps {
            var frames: [String?: ByteBuffer] = [:]
            for subscriber in subscribers {
                let frame: ByteBuffer
                if let rendered = frames[subscriber.viewer] {
                    frame = rendered
                } else {
                    frame = ByteBuffer(string: renderer.event(step, deckID: deckID, viewer: subscriber.viewer))
                    frames[subscriber.viewer] = frame
                }
                if !subscriber.deliver(.frame(number: step.number, bytes: frame), directWrites: directWrites) {
                    dropped.append(subscriber)
                }
            }
        }
        for subscriber in dropped { unsubscribe(subscriber) }
    }

    private func sendHeartbeats() {
        let subscribers = state.withLock { $0.channels.values.flatMap(\.subscribers.values) }
        for subscriber in subscribers where !subscriber.deliver(.heartbeat) { unsubscribe(subscriber) }
    }

    /// Ends every stream and accepts no new subscriber.
    func shutDown() {
        let (subscribers, waiters) = state.withLock { state in
            state.isShutDown = true
            defer { state.observingWaiters = [:] }
            return (state.channels.values.flatMap(\.subscribers.values), Array(state.observingWaiters.values))
        }
        for subscriber in subscribers { subscriber.finish() }
        for waiter in waiters { waiter.resume(returning: true) }
    }
}
