import NIOCore

/// The event hub of one process, as a value state machine: per deck, who is subscribed, how far
/// the deck's events have been read from the store and delivered, and whether a read is running
/// or another is due.
///
/// The store says when a deck's events are committed (by this process or, over PostgreSQL, any
/// other); the hub then asks for one read of the events after the last one it delivered, for all
/// of the deck's subscribers at once. The owner reads them and renders each once per visibility
/// class (spectators share one; each player sees their own hand), then reports the frames
/// (``readFinished(_:events:moreMayFollow:)``), and every subscriber is handed the frame of its class. One read
/// runs at a time per deck; a commit heard meanwhile makes another read follow it, so nothing is
/// missed and nothing is read twice.
///
/// A deck's reading starts once every subscriber that came before it has read the deck and said
/// from which event its stream goes on (``started(_:from:)``): reading from the earliest of those
/// points, no subscriber misses an event between its own point and the first read. A subscriber
/// that comes later has read the deck after the hub's last read, so its point is never before the
/// hub's, and it is delivered everything after the hub's point.
///
/// No I/O, clock, task or lock here: each method is an event and returns what the owner must do
/// (``Output``). The owner (``EventHub``) holds the machine under one lock, runs the reads and
/// hands the writes to the connections.
///
/// ```swift
/// var hub = EventHubStateMachine<Connection>(configuration: configuration)
/// hub.observingStarted()
/// let id = hub.subscribed(deckID: "d", viewer: nil, connection: connection)!
/// hub.started(id, from: 4)  // reads: [Read(id: 1, deckID: "d", after: 4, viewers: [nil])]
/// hub.openingSent(id, lastSent: 4)
/// hub.readFinished(read, events: [RenderedEvent(number: 5, frames: [frame])], moreMayFollow: false)
/// // writes: [Write(connection: connection, frame: frame)]
/// ```
package struct EventHubStateMachine<Connection: Sendable>: Sendable {
    /// The machine's fixed settings.
    package struct Configuration: Sendable {
        /// The most deliveries that wait for one subscriber while its opening is written.
        package var subscriberCapacity: Int
        /// The comment line that keeps a quiet stream open, ready to write.
        package var heartbeatFrame: ByteBuffer
    }

    /// A subscriber's identity: its deck and a number unique within the hub.
    package struct SubscriberID: Hashable, Sendable {
        /// The deck.
        package let deckID: String
        /// Unique within the hub.
        package let number: UInt64
    }

    /// A read of the store that the owner must run, and report with ``readFinished(_:events:moreMayFollow:)``
    /// or ``readFailed(_:)``.
    package struct Read: Hashable, Sendable {
        /// Tells this read's result from that of an earlier read of the same deck.
        package let id: UInt64
        /// The deck.
        package let deckID: String
        /// Read the events after this number.
        package let after: Int64
        /// Render each event once for each of these views, in this order (`nil` is a spectator).
        package let viewers: [String?]
    }

    /// One event as a read returns it: rendered once per view the read asked for.
    package struct RenderedEvent: Hashable, Sendable {
        /// The event's number.
        package let number: Int64
        /// The event's frame for each of the read's ``Read/viewers``, in the same order.
        package let frames: [ByteBuffer]
        /// The players the event took off the table: each of their streams ends after this event,
        /// so that nothing later (a new player who takes the same name) reaches them.
        package var unseated: [String] = []
    }

    /// One frame for one subscriber's connection.
    package struct Write: Sendable {
        /// Where it goes.
        package let connection: Connection
        /// The frame, ready to write (shared by every subscriber of the same view).
        package let frame: ByteBuffer
    }

    /// What the owner must do after an event.
    package struct Output: Sendable {
        /// Reads of the store to start.
        package var reads: [Read] = []
        /// Frames to hand to connections, in this order (each connection's frames in event order).
        package var writes: [Write] = []
        /// Streams that ended: their subscribers are no longer the machine's.
        package var endedStreams: [SubscriberID] = []
        /// The connections of ended streams whose responses end properly: the owner writes each
        /// response's last chunk, then closes the connection.
        package var finishedConnections: [Connection] = []
        /// Connections to close at once: their clients do not read fast enough (their streams are
        /// in ``endedStreams`` too).
        package var closedConnections: [Connection] = []
    }

    /// Where the hub stands as a whole.
    package enum Lifecycle: Hashable, Sendable {
        /// The store is not yet telling the hub about commits; streams wait for it (``EventHub``
        /// bounds that wait).
        case settingUp
        /// Commits are heard of; streams are served.
        case observing
        /// The server is stopping: every stream has ended and no new one is accepted.
        case shutDown
    }

    /// One subscriber, as its deck keeps it.
    package struct Member: Sendable {
        /// The index of its view in the deck's ``Deck/viewers``.
        package let viewerClass: Int
        /// Where its frames go.
        package let connection: Connection
        /// Its stream.
        package var stream: EventSubscriberStateMachine
    }

    /// How far a deck's events have been delivered.
    package enum Phase: Hashable, Sendable {
        /// Subscribers that came before any read are reading the deck: reading starts from the
        /// earliest point they give (`from`), once none is still `waitingFor`.
        case starting(waitingFor: Set<UInt64>, from: Int64?)
        /// Every event up to `cursor` has been delivered.
        case following(cursor: Int64, reading: Reading)
    }

    /// Whether a deck's events are being read.
    package enum Reading: Hashable, Sendable {
        /// No read is running.
        case idle
        /// Read `id` is running; when `again`, a commit was heard since it started, and another
        /// read follows it.
        case running(id: UInt64, again: Bool)
    }

    /// The hub's knowledge of one deck with subscribers.
    package struct Deck: Sendable {
        /// The deck's visibility classes, in the order they first subscribed: `nil` for
        /// spectators, a player's name for that player.
        package var viewers: [String?] = []
        /// The subscribers, by number.
        package var members: [UInt64: Member] = [:]
        package var phase: Phase
    }

    package let configuration: Configuration
    package private(set) var lifecycle = Lifecycle.settingUp
    /// The decks that have subscribers; a deck goes when its last subscriber does.
    package private(set) var decks: [String: Deck] = [:]
    private var lastSubscriber: UInt64 = 0
    private var lastRead: UInt64 = 0

    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The number of open subscriptions.
    package var subscriberCount: Int { decks.values.reduce(0) { $0 + $1.members.count } }

    // MARK: - Lifecycle

    /// The store now tells the hub about every commit.
    package mutating func observingStarted() {
        if lifecycle == .settingUp { lifecycle = .observing }
    }

    /// The server is stopping: every stream ends, and no new one is accepted.
    package mutating func shutdownRequested() -> Output {
        lifecycle = .shutDown
        var output = Output()
        for (deckID, deck) in decks.sorted(by: { $0.key < $1.key }) {
            for (number, member) in deck.members.sorted(by: { $0.key < $1.key }) {
                output.endedStreams.append(SubscriberID(deckID: deckID, number: number))
                output.finishedConnections.append(member.connection)
            }
        }
        decks = [:]
        return output
    }

    // MARK: - Subscribers

    /// A stream asks to follow a deck; it then reads the deck and reports ``started(_:from:)``.
    ///
    /// - Parameters:
    ///   - deckID: the deck to follow.
    ///   - viewer: the subscriber's player name, `nil` for a spectator.
    ///   - connection: where its frames go.
    /// - Returns: the subscriber's id, or `nil` when the server is stopping.
    package mutating func subscribed(deckID: String, viewer: String?, connection: Connection) -> SubscriberID? {
        guard lifecycle != .shutDown else { return nil }
        lastSubscriber += 1
        let number = lastSubscriber
        var deck = decks.removeValue(forKey: deckID) ?? Deck(phase: .starting(waitingFor: [], from: nil))
        let viewerClass: Int
        if let known = deck.viewers.firstIndex(of: viewer) {
            viewerClass = known
        } else {
            viewerClass = deck.viewers.count
            deck.viewers.append(viewer)
        }
        deck.members[number] = Member(
            viewerClass: viewerClass, connection: connection,
            stream: EventSubscriberStateMachine(capacity: configuration.subscriberCapacity))
        if case .starting(var waiting, let from) = deck.phase {
            waiting.insert(number)
            deck.phase = .starting(waitingFor: waiting, from: from)
        }
        decks[deckID] = deck
        return SubscriberID(deckID: deckID, number: number)
    }

    /// The subscriber has read the deck: its stream goes on after event `number`.
    package mutating func started(_ id: SubscriberID, from number: Int64) -> Output {
        guard var deck = decks.removeValue(forKey: id.deckID) else { return Output() }
        defer { decks[id.deckID] = deck }
        guard case .starting(var waiting, let from) = deck.phase, waiting.remove(id.number) != nil else {
            return Output()
        }
        var output = Output()
        deck.phase = .starting(waitingFor: waiting, from: min(from ?? number, number))
        startFollowingIfReady(id.deckID, deck: &deck, output: &output)
        return output
    }

    /// The subscriber's opening (its `hello`, or the events it missed) is written, up to event
    /// `lastSent`: what waits for it is handed to its connection, and later frames go there directly.
    package mutating func openingSent(_ id: SubscriberID, lastSent: Int64) -> Output {
        guard var deck = decks.removeValue(forKey: id.deckID) else { return Output() }
        defer { if !deck.members.isEmpty { decks[id.deckID] = deck } }
        guard var member = deck.members[id.number] else { return Output() }
        var output = Output()
        apply(member.stream.openingSent(lastSent: lastSent), to: member, id: id, output: &output)
        if member.stream.isClosed {
            remove(id, from: &deck, output: &output)
        } else {
            deck.members[id.number] = member
        }
        return output
    }

    /// The subscriber has gone (its client left, its endpoint ended, or its connection closed), or
    /// its stream must end (the server is stopping for it).
    package mutating func unsubscribed(_ id: SubscriberID) -> Output {
        guard var deck = decks.removeValue(forKey: id.deckID) else { return Output() }
        defer { if !deck.members.isEmpty { decks[id.deckID] = deck } }
        guard let member = deck.members[id.number] else { return Output() }
        var output = Output()
        output.endedStreams.append(id)
        output.finishedConnections.append(member.connection)
        remove(id, from: &deck, output: &output)
        return output
    }

    // MARK: - Reading

    /// Events of `deckID` were committed, up to `number`; `deckID` `nil` means any deck may have
    /// new events (the store may have missed telling some, such as after reconnecting).
    package mutating func eventsCommitted(deckID: String?, through number: Int64?) -> Output {
        var output = Output()
        let targets = deckID.map { [$0] } ?? decks.keys.sorted()
        for deckID in targets {
            guard var deck = decks[deckID], case .following(let cursor, let reading) = deck.phase else { continue }
            if let number, number <= cursor { continue }
            switch reading {
            case .idle:
                startRead(deckID, deck: &deck, after: cursor, output: &output)
            case .running(let id, _):
                deck.phase = .following(cursor: cursor, reading: .running(id: id, again: true))
            }
            decks[deckID] = deck
        }
        return output
    }

    /// A read has returned the events after ``Read/after``, rendered: each subscriber is handed
    /// the frame of its view.
    ///
    /// - Parameters:
    ///   - read: the read that returned.
    ///   - events: the events read, in number order, each rendered for every view of the read.
    ///   - moreMayFollow: whether the read stopped at its limit (more events may be stored): then
    ///     another read follows at once.
    ///
    /// The result of a read that is no longer the deck's current one (its subscribers all left
    /// meanwhile) changes nothing. A read that lacks a view (a player subscribed while it ran)
    /// is done again with every view, before anything is delivered.
    package mutating func readFinished(_ read: Read, events: [RenderedEvent], moreMayFollow: Bool = false) -> Output {
        guard var deck = decks.removeValue(forKey: read.deckID) else { return Output() }
        defer { if !deck.members.isEmpty { decks[read.deckID] = deck } }
        guard case .following(var cursor, .running(read.id, let again)) = deck.phase else { return Output() }
        var output = Output()
        let complete = events.allSatisfy { $0.frames.count == read.viewers.count }
        guard read.viewers.count == deck.viewers.count, complete else {
            startRead(read.deckID, deck: &deck, after: cursor, again: again, output: &output)
            return output
        }
        output.writes.reserveCapacity(deck.members.count * events.count)
        var gone: [UInt64] = []
        for event in events where event.number > cursor {
            // A plain index walk: `indices` would hold the dictionary's storage, and the first
            // change through `values` would then copy every member.
            var index = deck.members.values.startIndex
            while index != deck.members.values.endIndex {
                defer { deck.members.values.formIndex(after: &index) }
                let member = deck.members.values[index]
                let viewer = deck.viewers[member.viewerClass]
                let frame = EventFrame(
                    number: event.number, bytes: event.frames[member.viewerClass],
                    endsStream: viewer.map(event.unseated.contains) ?? false)
                let action = deck.members.values[index].stream.delivered(frame)
                switch action {
                case .none:
                    continue
                case .write(let bytes):
                    output.writes.append(Write(connection: member.connection, frame: bytes))
                default:
                    let number = deck.members.keys[index]
                    apply(action, to: member, id: SubscriberID(deckID: read.deckID, number: number), output: &output)
                    gone.append(number)
                }
            }
            cursor = event.number
        }
        for number in gone {
            remove(SubscriberID(deckID: read.deckID, number: number), from: &deck, output: &output)
        }
        if moreMayFollow || again {
            startRead(read.deckID, deck: &deck, after: cursor, output: &output)
        } else {
            deck.phase = .following(cursor: cursor, reading: .idle)
        }
        return output
    }

    /// A read could not be done. The deck's events after the hub's point are committed but not
    /// delivered, and only another commit would make the hub read again: the deck's streams end
    /// instead, and their clients resume with `Last-Event-ID`, getting those events from the store.
    package mutating func readFailed(_ read: Read) -> Output {
        guard let deck = decks[read.deckID], case .following(_, .running(read.id, _)) = deck.phase else {
            return Output()
        }
        decks[read.deckID] = nil
        var output = Output()
        for (number, member) in deck.members.sorted(by: { $0.key < $1.key }) {
            output.endedStreams.append(SubscriberID(deckID: read.deckID, number: number))
            output.finishedConnections.append(member.connection)
        }
        return output
    }

    // MARK: - Heartbeats

    /// Time for every stream that is written directly to get a comment line.
    package func heartbeatDue() -> Output {
        var output = Output()
        for deck in decks.values {
            for member in deck.members.values {
                if case .write(let frame) = member.stream.heartbeatDue(frame: configuration.heartbeatFrame) {
                    output.writes.append(Write(connection: member.connection, frame: frame))
                }
            }
        }
        return output
    }

    // MARK: - Helpers

    /// Asks for a read of the deck's events after `cursor`, rendered for every view it has.
    private mutating func startRead(
        _ deckID: String, deck: inout Deck, after cursor: Int64, again: Bool = false, output: inout Output
    ) {
        lastRead += 1
        deck.phase = .following(cursor: cursor, reading: .running(id: lastRead, again: again))
        output.reads.append(Read(id: lastRead, deckID: deckID, after: cursor, viewers: deck.viewers))
    }

    /// A starting deck whose subscribers have all said where they start begins reading from the
    /// earliest of those points.
    private mutating func startFollowingIfReady(_ deckID: String, deck: inout Deck, output: inout Output) {
        guard case .starting(let waiting, let from?) = deck.phase, waiting.isEmpty, !deck.members.isEmpty else {
            return
        }
        startRead(deckID, deck: &deck, after: from, output: &output)
    }

    /// Takes a subscriber out of its deck; a starting deck may begin reading then.
    private mutating func remove(_ id: SubscriberID, from deck: inout Deck, output: inout Output) {
        deck.members[id.number] = nil
        if case .starting(var waiting, let from) = deck.phase {
            waiting.remove(id.number)
            deck.phase = .starting(waitingFor: waiting, from: from)
            startFollowingIfReady(id.deckID, deck: &deck, output: &output)
        }
    }

    private func apply(
        _ action: EventSubscriberStateMachine.Action, to member: Member, id: SubscriberID, output: inout Output
    ) {
        switch action {
        case .none:
            break
        case .write(let frame):
            output.writes.append(Write(connection: member.connection, frame: frame))
        case .writeAll(let frames):
            for frame in frames { output.writes.append(Write(connection: member.connection, frame: frame)) }
        case .writeThenEnd(let frames):
            for frame in frames { output.writes.append(Write(connection: member.connection, frame: frame)) }
            output.endedStreams.append(id)
            output.finishedConnections.append(member.connection)
        case .endStream:
            output.endedStreams.append(id)
            output.finishedConnections.append(member.connection)
        case .closeConnection:
            output.closedConnections.append(member.connection)
            output.endedStreams.append(id)
        }
    }
}

extension EventHubStateMachine.Write: Equatable where Connection: Equatable {}
extension EventHubStateMachine.Output: Equatable where Connection: Equatable {}
extension EventHubStateMachine.Member: Equatable where Connection: Equatable {}
extension EventHubStateMachine.Deck: Equatable where Connection: Equatable {}
