import NIOCore
import Testing

@testable import LiveTables

/// The event hub as a state machine: every transition scripted, the whole state and the output
/// checked after each step. Connections are names here; frames are short strings naming the
/// event and the view they were rendered for.
@Suite struct EventHubStateMachineTests {
    typealias Hub = EventHubStateMachine<String>
    typealias ID = Hub.SubscriberID

    /// What one step returned, with the orders that do not matter left out: writes are grouped per
    /// connection (in order within each); ended streams, finished and closed connections are sets.
    struct Outcome: Equatable, CustomStringConvertible {
        var reads: [Hub.Read] = []
        var writes: [String: [String]] = [:]
        var ended: Set<ID> = []
        var finished: Set<String> = []
        var closed: Set<String> = []

        init(
            reads: [Hub.Read] = [], writes: [String: [String]] = [:], ended: Set<ID> = [], finished: Set<String> = [],
            closed: Set<String> = []
        ) {
            self.reads = reads
            self.writes = writes
            self.ended = ended
            self.finished = finished
            self.closed = closed
        }

        init(_ output: Hub.Output) {
            reads = output.reads
            for write in output.writes { writes[write.connection, default: []].append(String(buffer: write.frame)) }
            ended = Set(output.endedStreams)
            finished = Set(output.finishedConnections)
            closed = Set(output.closedConnections)
            #expect(output.endedStreams.count == ended.count, "a stream ended twice")
            #expect(output.finishedConnections.count == finished.count, "a connection finished twice")
            // Every ended stream's connection is either finished or closed, never both.
            #expect(finished.isDisjoint(with: closed))
            #expect(output.finishedConnections.count + output.closedConnections.count == ended.count)
        }

        var description: String {
            "reads \(reads), writes \(writes), ended \(ended), finished \(finished), closed \(closed)"
        }
    }

    private static let heartbeat = ByteBuffer(string: "hb")

    private static func makeHub(capacity: Int = 3) -> Hub {
        Hub(configuration: .init(subscriberCapacity: capacity, heartbeatFrame: heartbeat))
    }

    private static func id(_ number: UInt64, of deck: String = "d") -> ID { ID(deckID: deck, number: number) }

    /// Event `number` as `viewer` sees it.
    private static func text(_ number: Int64, _ viewer: String?) -> String { "\(number) for \(viewer ?? "all")" }

    private static func rendered(_ number: Int64, for viewers: [String?]) -> Hub.RenderedEvent {
        Hub.RenderedEvent(number: number, frames: viewers.map { ByteBuffer(string: text(number, $0)) })
    }

    private static func waiting(_ numbers: [Int64], _ viewer: String?) -> EventSubscriberStateMachine.State {
        .opening(waiting: numbers.map { EventFrame(number: $0, bytes: ByteBuffer(string: text($0, viewer))) })
    }

    private static func member(
        _ viewerClass: Int, _ connection: String, _ state: EventSubscriberStateMachine.State, capacity: Int = 3
    ) -> Hub.Member {
        Hub.Member(
            viewerClass: viewerClass, connection: connection,
            stream: EventSubscriberStateMachine(capacity: capacity, state: state))
    }

    /// A hub following deck `d` from event `cursor`, with spectator `a` written directly.
    private static func followingHub(cursor: Int64) -> (Hub, Hub.Read) {
        var hub = makeHub()
        hub.observingStarted()
        let a = hub.subscribed(deckID: "d", viewer: nil, connection: "a")!
        let read = hub.started(a, from: cursor).reads[0]
        _ = hub.openingSent(a, lastSent: cursor)
        return (hub, read)
    }

    @Test func theLifecycleGoesFromSettingUpToObservingToShutDown() {
        var hub = Self.makeHub()
        #expect(hub.lifecycle == .settingUp)
        // Streams may subscribe while the store sets up (the endpoint bounds that wait itself).
        #expect(hub.subscribed(deckID: "d", viewer: nil, connection: "a") == Self.id(1))
        hub.observingStarted()
        #expect(hub.lifecycle == .observing)
        #expect(hub.subscribed(deckID: "e", viewer: "bo", connection: "b") == Self.id(2, of: "e"))
        #expect(
            hub.decks == [
                "d": Hub.Deck(
                    viewers: [nil], members: [1: Self.member(0, "a", .opening(waiting: []))],
                    phase: .starting(waitingFor: [1], from: nil)),
                "e": Hub.Deck(
                    viewers: ["bo"], members: [2: Self.member(0, "b", .opening(waiting: []))],
                    phase: .starting(waitingFor: [2], from: nil)),
            ])
        #expect(hub.subscriberCount == 2)

        #expect(
            Outcome(hub.shutdownRequested())
                == Outcome(ended: [Self.id(1), Self.id(2, of: "e")], finished: ["a", "b"]))
        #expect(hub.lifecycle == .shutDown)
        #expect(hub.decks.isEmpty)
        #expect(hub.subscribed(deckID: "d", viewer: nil, connection: "c") == nil)
        hub.observingStarted()
        #expect(hub.lifecycle == .shutDown)
        #expect(hub.decks.isEmpty)
    }

    @Test func readingStartsOnceEveryEarlySubscriberHasStartedFromTheEarliestPoint() {
        var hub = Self.makeHub()
        hub.observingStarted()
        let a = hub.subscribed(deckID: "d", viewer: nil, connection: "a")!
        let b = hub.subscribed(deckID: "d", viewer: "alice", connection: "b")!
        let c = hub.subscribed(deckID: "d", viewer: nil, connection: "c")!
        #expect(
            hub.decks["d"]
                == Hub.Deck(
                    viewers: [nil, "alice"],
                    members: [
                        1: Self.member(0, "a", .opening(waiting: [])), 2: Self.member(1, "b", .opening(waiting: [])),
                        3: Self.member(0, "c", .opening(waiting: [])),
                    ],
                    phase: .starting(waitingFor: [1, 2, 3], from: nil)))

        // Commits heard before reading starts are covered by the first read.
        #expect(Outcome(hub.eventsCommitted(deckID: "d", through: 6)) == Outcome())
        #expect(Outcome(hub.started(a, from: 6)) == Outcome())
        #expect(hub.decks["d"]?.phase == .starting(waitingFor: [2, 3], from: 6))
        #expect(Outcome(hub.started(b, from: 5)) == Outcome())
        #expect(hub.decks["d"]?.phase == .starting(waitingFor: [3], from: 5))
        let read = Hub.Read(id: 1, deckID: "d", after: 5, viewers: [nil, "alice"])
        #expect(Outcome(hub.started(c, from: 7)) == Outcome(reads: [read]))
        #expect(hub.decks["d"]?.phase == .following(cursor: 5, reading: .running(id: 1, again: false)))
        // A second report changes nothing.
        #expect(Outcome(hub.started(a, from: 2)) == Outcome())
        #expect(hub.decks["d"]?.phase == .following(cursor: 5, reading: .running(id: 1, again: false)))
        #expect(Outcome(hub.started(Self.id(9), from: 2)) == Outcome())
    }

    @Test func aReadIsDeliveredToEachSubscriberInItsOwnView() {
        var hub = Self.makeHub()
        hub.observingStarted()
        let a = hub.subscribed(deckID: "d", viewer: nil, connection: "a")!
        let b = hub.subscribed(deckID: "d", viewer: "alice", connection: "b")!
        _ = hub.started(a, from: 6)
        let read = hub.started(b, from: 5).reads[0]
        #expect(Outcome(hub.openingSent(a, lastSent: 6)) == Outcome())
        #expect(hub.decks["d"]?.members[1] == Self.member(0, "a", .direct(lastSent: 6)))

        // a has sent 6 already; b is still opening, so its frames wait.
        let events = [Self.rendered(6, for: [nil, "alice"]), Self.rendered(7, for: [nil, "alice"])]
        #expect(Outcome(hub.readFinished(read, events: events)) == Outcome(writes: ["a": [Self.text(7, nil)]]))
        #expect(
            hub.decks["d"]
                == Hub.Deck(
                    viewers: [nil, "alice"],
                    members: [
                        1: Self.member(0, "a", .direct(lastSent: 7)),
                        2: Self.member(1, "b", Self.waiting([6, 7], "alice")),
                    ],
                    phase: .following(cursor: 7, reading: .idle)))

        // b's opening went up to 5: both of its waiting frames follow it.
        #expect(
            Outcome(hub.openingSent(b, lastSent: 5))
                == Outcome(writes: ["b": [Self.text(6, "alice"), Self.text(7, "alice")]]))
        #expect(hub.decks["d"]?.members[2] == Self.member(1, "b", .direct(lastSent: 7)))
        #expect(Outcome(hub.openingSent(Self.id(9), lastSent: 5)) == Outcome())
    }

    /// An event that takes a player off the table is the last their streams get; the others,
    /// of the spectators and of other players, go on.
    @Test func anEventThatUnseatsAPlayerEndsTheirStreamsAfterIt() {
        var hub = Self.makeHub()
        hub.observingStarted()
        let a = hub.subscribed(deckID: "d", viewer: nil, connection: "a")!
        let b = hub.subscribed(deckID: "d", viewer: "bob", connection: "b")!
        let c = hub.subscribed(deckID: "d", viewer: "carol", connection: "c")!
        _ = hub.started(a, from: 5)
        _ = hub.started(b, from: 5)
        let read = hub.started(c, from: 5).reads[0]
        for id in [a, b, c] { _ = hub.openingSent(id, lastSent: 5) }

        var leave = Self.rendered(6, for: [nil, "bob", "carol"])
        leave.unseated = ["bob"]
        let events = [leave, Self.rendered(7, for: [nil, "bob", "carol"])]
        #expect(
            Outcome(hub.readFinished(read, events: events))
                == Outcome(
                    writes: [
                        "a": [Self.text(6, nil), Self.text(7, nil)], "b": [Self.text(6, "bob")],
                        "c": [Self.text(6, "carol"), Self.text(7, "carol")],
                    ],
                    ended: [b], finished: ["b"]))
        #expect(hub.decks["d"]?.members.keys.sorted() == [1, 3])
    }

    @Test func commitsHeardDuringAReadMakeAnotherFollowIt() {
        var (hub, read) = Self.followingHub(cursor: 0)
        #expect(Outcome(hub.eventsCommitted(deckID: "d", through: 1)) == Outcome())
        #expect(hub.decks["d"]?.phase == .following(cursor: 0, reading: .running(id: 1, again: true)))
        let next = Hub.Read(id: 2, deckID: "d", after: 1, viewers: [nil])
        #expect(
            Outcome(hub.readFinished(read, events: [Self.rendered(1, for: [nil])]))
                == Outcome(reads: [next], writes: ["a": [Self.text(1, nil)]]))
        #expect(hub.decks["d"]?.phase == .following(cursor: 1, reading: .running(id: 2, again: false)))

        // A read that stopped at its limit is followed by another at once.
        #expect(
            Outcome(hub.readFinished(next, events: [Self.rendered(2, for: [nil])], moreMayFollow: true))
                == Outcome(
                    reads: [Hub.Read(id: 3, deckID: "d", after: 2, viewers: [nil])], writes: ["a": [Self.text(2, nil)]])
        )
        #expect(hub.decks["d"]?.phase == .following(cursor: 2, reading: .running(id: 3, again: false)))
        #expect(hub.decks["d"]?.members[1] == Self.member(0, "a", .direct(lastSent: 2)))

        // An empty read ends the reading.
        #expect(
            Outcome(hub.readFinished(Hub.Read(id: 3, deckID: "d", after: 2, viewers: [nil]), events: [])) == Outcome())
        #expect(hub.decks["d"]?.phase == .following(cursor: 2, reading: .idle))
    }

    @Test func commitsAreReadOnlyWhenTheyAreNew() {
        var (hub, read) = Self.followingHub(cursor: 4)
        _ = hub.readFinished(read, events: [])
        #expect(hub.decks["d"]?.phase == .following(cursor: 4, reading: .idle))
        #expect(Outcome(hub.eventsCommitted(deckID: "d", through: 4)) == Outcome())
        #expect(Outcome(hub.eventsCommitted(deckID: "other", through: 9)) == Outcome())
        #expect(hub.decks["d"]?.phase == .following(cursor: 4, reading: .idle))
        #expect(
            Outcome(hub.eventsCommitted(deckID: "d", through: 5))
                == Outcome(reads: [Hub.Read(id: 2, deckID: "d", after: 4, viewers: [nil])]))
        #expect(hub.decks["d"]?.phase == .following(cursor: 4, reading: .running(id: 2, again: false)))
        // A commit the running read may not have seen yet makes another follow it; an old one does not.
        #expect(Outcome(hub.eventsCommitted(deckID: "d", through: 3)) == Outcome())
        #expect(hub.decks["d"]?.phase == .following(cursor: 4, reading: .running(id: 2, again: false)))
    }

    @Test func aCommitOfAnyDeckReadsEveryIdleFollowingDeck() {
        var hub = Self.makeHub()
        hub.observingStarted()
        for (deck, connection) in [("d", "a"), ("e", "b"), ("f", "c")] {
            _ = hub.subscribed(deckID: deck, viewer: nil, connection: connection)
        }
        let firstRead = hub.started(Self.id(1, of: "d"), from: 3).reads[0]
        _ = hub.readFinished(firstRead, events: [])
        _ = hub.started(Self.id(2, of: "e"), from: 8)
        // "f" is still starting; "e" is reading; only "d" starts a read, "e" reads again after.
        #expect(
            Outcome(hub.eventsCommitted(deckID: nil, through: nil))
                == Outcome(reads: [Hub.Read(id: 3, deckID: "d", after: 3, viewers: [nil])]))
        #expect(hub.decks["d"]?.phase == .following(cursor: 3, reading: .running(id: 3, again: false)))
        #expect(hub.decks["e"]?.phase == .following(cursor: 8, reading: .running(id: 2, again: true)))
        #expect(hub.decks["f"]?.phase == .starting(waitingFor: [3], from: nil))
    }

    @Test func aStaleReadChangesNothing() {
        var (hub, read) = Self.followingHub(cursor: 2)
        // Its only subscriber leaves: the deck goes, and the read's result with it.
        #expect(Outcome(hub.unsubscribed(Self.id(1))) == Outcome(ended: [Self.id(1)], finished: ["a"]))
        #expect(hub.decks.isEmpty)
        #expect(Outcome(hub.readFinished(read, events: [Self.rendered(3, for: [nil])])) == Outcome())
        #expect(Outcome(hub.readFailed(read)) == Outcome())
        #expect(hub.decks.isEmpty)

        // A new subscriber makes a new deck; the old read is not its read.
        let b = hub.subscribed(deckID: "d", viewer: nil, connection: "b")!
        let newRead = hub.started(b, from: 5).reads[0]
        #expect(newRead == Hub.Read(id: 2, deckID: "d", after: 5, viewers: [nil]))
        #expect(Outcome(hub.readFinished(read, events: [Self.rendered(3, for: [nil])])) == Outcome())
        #expect(Outcome(hub.readFailed(read)) == Outcome())
        #expect(
            hub.decks["d"]
                == Hub.Deck(
                    viewers: [nil], members: [2: Self.member(0, "b", .opening(waiting: []))],
                    phase: .following(cursor: 5, reading: .running(id: 2, again: false))))
    }

    @Test func aReadWithoutAViewThatJoinedMeanwhileIsReadAgain() {
        var (hub, read) = Self.followingHub(cursor: 2)
        // A player subscribes while the read runs: it is not waited for (the deck already reads).
        let b = hub.subscribed(deckID: "d", viewer: "alice", connection: "b")!
        #expect(Outcome(hub.started(b, from: 3)) == Outcome())
        #expect(hub.decks["d"]?.viewers == [nil, "alice"])
        let again = Hub.Read(id: 2, deckID: "d", after: 2, viewers: [nil, "alice"])
        #expect(Outcome(hub.readFinished(read, events: [Self.rendered(3, for: [nil])])) == Outcome(reads: [again]))
        #expect(
            hub.decks["d"]
                == Hub.Deck(
                    viewers: [nil, "alice"],
                    members: [
                        1: Self.member(0, "a", .direct(lastSent: 2)), 2: Self.member(1, "b", .opening(waiting: [])),
                    ],
                    phase: .following(cursor: 2, reading: .running(id: 2, again: false))))
        // A result with fewer frames than the read asked for is read again too.
        let short = Hub.RenderedEvent(number: 3, frames: [ByteBuffer(string: Self.text(3, nil))])
        let third = Hub.Read(id: 3, deckID: "d", after: 2, viewers: [nil, "alice"])
        #expect(Outcome(hub.readFinished(again, events: [short])) == Outcome(reads: [third]))
        #expect(
            Outcome(hub.readFinished(third, events: [Self.rendered(3, for: [nil, "alice"])]))
                == Outcome(writes: ["a": [Self.text(3, nil)]]))
        #expect(hub.decks["d"]?.members[2] == Self.member(1, "b", Self.waiting([3], "alice")))
        #expect(hub.decks["d"]?.phase == .following(cursor: 3, reading: .idle))
    }

    @Test func aSubscriberThatCannotKeepUpDuringItsOpeningIsDisconnected() {
        var hub = Self.makeHub(capacity: 2)
        hub.observingStarted()
        let a = hub.subscribed(deckID: "d", viewer: nil, connection: "a")!
        let b = hub.subscribed(deckID: "d", viewer: nil, connection: "b")!
        _ = hub.started(a, from: 0)
        let read = hub.started(b, from: 0).reads[0]
        _ = hub.openingSent(a, lastSent: 0)
        let events = (1...3).map { Self.rendered($0, for: [nil]) }
        #expect(
            Outcome(hub.readFinished(read, events: events))
                == Outcome(writes: ["a": (1...3).map { Self.text($0, nil) }], ended: [b], closed: ["b"]))
        #expect(
            hub.decks["d"]
                == Hub.Deck(
                    viewers: [nil], members: [1: Self.member(0, "a", .direct(lastSent: 3), capacity: 2)],
                    phase: .following(cursor: 3, reading: .idle)))
        // Its endpoint's report comes too late and changes nothing.
        #expect(Outcome(hub.openingSent(b, lastSent: 0)) == Outcome())
        #expect(Outcome(hub.unsubscribed(b)) == Outcome())
    }

    @Test func aGapInTheStoredEventsEndsTheStreamsItSkips() {
        var (hub, read) = Self.followingHub(cursor: 2)
        let b = hub.subscribed(deckID: "d", viewer: nil, connection: "b")!
        _ = hub.started(b, from: 2)
        // Events 3 and 4 are no longer stored: a is ended (its client resumes and gets a resync);
        // b, still opening, keeps 5 and is ended when its opening is sent.
        #expect(
            Outcome(hub.readFinished(read, events: [Self.rendered(5, for: [nil])]))
                == Outcome(ended: [Self.id(1)], finished: ["a"]))
        #expect(
            hub.decks["d"]
                == Hub.Deck(
                    viewers: [nil], members: [2: Self.member(0, "b", Self.waiting([5], nil))],
                    phase: .following(cursor: 5, reading: .idle)))
        #expect(Outcome(hub.openingSent(b, lastSent: 2)) == Outcome(ended: [b], finished: ["b"]))
        #expect(hub.decks.isEmpty)
    }

    @Test func leavingAStartingDeckLetsTheOthersStart() {
        var hub = Self.makeHub()
        hub.observingStarted()
        let a = hub.subscribed(deckID: "d", viewer: nil, connection: "a")!
        let b = hub.subscribed(deckID: "d", viewer: nil, connection: "b")!
        let c = hub.subscribed(deckID: "d", viewer: nil, connection: "c")!
        _ = hub.started(a, from: 4)
        // c leaves before it started: nothing to read yet, b still reads the deck.
        #expect(Outcome(hub.unsubscribed(c)) == Outcome(ended: [c], finished: ["c"]))
        #expect(hub.decks["d"]?.phase == .starting(waitingFor: [2], from: 4))
        // b leaves too: a, the only one left, has started, so reading begins.
        #expect(
            Outcome(hub.unsubscribed(b))
                == Outcome(reads: [Hub.Read(id: 1, deckID: "d", after: 4, viewers: [nil])], ended: [b], finished: ["b"])
        )
        #expect(
            hub.decks["d"]
                == Hub.Deck(
                    viewers: [nil], members: [1: Self.member(0, "a", .opening(waiting: []))],
                    phase: .following(cursor: 4, reading: .running(id: 1, again: false))))
        #expect(Outcome(hub.unsubscribed(b)) == Outcome())
        #expect(Outcome(hub.unsubscribed(a)) == Outcome(ended: [a], finished: ["a"]))
        #expect(hub.decks.isEmpty)

        // A deck whose only subscriber leaves before starting goes without a read.
        let d = hub.subscribed(deckID: "e", viewer: nil, connection: "d")!
        #expect(Outcome(hub.unsubscribed(d)) == Outcome(ended: [d], finished: ["d"]))
        #expect(hub.decks.isEmpty)
    }

    @Test func aFailedReadEndsTheDecksStreams() {
        var (hub, read) = Self.followingHub(cursor: 1)
        let b = hub.subscribed(deckID: "d", viewer: "alice", connection: "b")!
        let other = hub.subscribed(deckID: "e", viewer: nil, connection: "c")!
        #expect(Outcome(hub.readFailed(read)) == Outcome(ended: [Self.id(1), b], finished: ["a", "b"]))
        #expect(
            hub.decks == [
                "e": Hub.Deck(
                    viewers: [nil], members: [other.number: Self.member(0, "c", .opening(waiting: []))],
                    phase: .starting(waitingFor: [other.number], from: nil))
            ])
        #expect(Outcome(hub.readFailed(read)) == Outcome())
    }

    @Test func heartbeatsGoToStreamsWrittenDirectly() {
        var (hub, _) = Self.followingHub(cursor: 1)
        _ = hub.subscribed(deckID: "d", viewer: nil, connection: "b")
        let before = hub.decks
        #expect(Outcome(hub.heartbeatDue()) == Outcome(writes: ["a": ["hb"]]))
        #expect(hub.decks == before)
    }
}
