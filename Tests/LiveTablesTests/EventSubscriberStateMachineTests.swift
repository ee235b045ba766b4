import NIOCore
import Testing

@testable import LiveTables

/// One events stream as a state machine: every transition scripted, the whole state and the
/// action checked after each step.
@Suite struct EventSubscriberStateMachineTests {
    typealias Stream = EventSubscriberStateMachine

    private static func frame(_ number: Int64) -> EventFrame {
        EventFrame(number: number, bytes: ByteBuffer(string: "event \(number)"))
    }

    private static func bytes(_ number: Int64) -> ByteBuffer { frame(number).bytes }

    private static let heartbeat = ByteBuffer(string: ": keep-alive")

    @Test func anOpeningKeepsDeliveriesThenHandsThemOverInOrder() {
        var stream = Stream(capacity: 3)
        #expect(stream == Stream(capacity: 3, state: .opening(waiting: [])))

        #expect(stream.delivered(Self.frame(4)) == .none)
        #expect(stream == Stream(capacity: 3, state: .opening(waiting: [Self.frame(4)])))
        // A stream still opening is written to anyway: no comment line.
        #expect(stream.heartbeatDue(frame: Self.heartbeat) == .none)
        #expect(stream.delivered(Self.frame(5)) == .none)
        #expect(stream.delivered(Self.frame(6)) == .none)
        #expect(stream == Stream(capacity: 3, state: .opening(waiting: [Self.frame(4), Self.frame(5), Self.frame(6)])))

        // The opening went up to 4: 4 is skipped, 5 and 6 go together.
        #expect(stream.openingSent(lastSent: 4) == .writeAll([Self.bytes(5), Self.bytes(6)]))
        #expect(stream == Stream(capacity: 3, state: .direct(lastSent: 6)))
    }

    private static func last(_ number: Int64) -> EventFrame {
        EventFrame(number: number, bytes: bytes(number), endsStream: true)
    }

    /// The event that took the stream's player off the table is its last frame, whether it
    /// arrives while the stream is direct or while it is opening.
    @Test func theFrameThatUnseatsThePlayerIsTheLast() {
        var direct = Stream(capacity: 3, state: .direct(lastSent: 4))
        #expect(direct.delivered(Self.last(5)) == .writeThenEnd([Self.bytes(5)]))
        #expect(direct == Stream(capacity: 3, state: .closed))
        #expect(direct.delivered(Self.frame(6)) == .none)

        var opening = Stream(capacity: 4)
        for frame in [Self.frame(4), Self.frame(5), Self.last(6), Self.frame(7)] {
            #expect(opening.delivered(frame) == .none)
        }
        #expect(opening.openingSent(lastSent: 4) == .writeThenEnd([Self.bytes(5), Self.bytes(6)]))
        #expect(opening == Stream(capacity: 4, state: .closed))

        // Already in the opening: nothing more is written, and the stream ends.
        var covered = Stream(capacity: 3)
        #expect(covered.delivered(Self.last(3)) == .none)
        #expect(covered.delivered(Self.frame(4)) == .none)
        #expect(covered.openingSent(lastSent: 4) == .endStream)
        #expect(covered == Stream(capacity: 3, state: .closed))
    }

    @Test func anOpeningThatCoversEverythingWaitingWritesNothingMore() {
        var stream = Stream(capacity: 3)
        #expect(stream.openingSent(lastSent: 9) == .none)
        #expect(stream == Stream(capacity: 3, state: .direct(lastSent: 9)))

        var covered = Stream(capacity: 3)
        #expect(covered.delivered(Self.frame(3)) == .none)
        #expect(covered.delivered(Self.frame(4)) == .none)
        #expect(covered.openingSent(lastSent: 7) == .none)
        #expect(covered == Stream(capacity: 3, state: .direct(lastSent: 7)))
    }

    @Test func oneDeliveryPastTheCapacityClosesTheConnection() {
        var stream = Stream(capacity: 2)
        #expect(stream.delivered(Self.frame(1)) == .none)
        #expect(stream.delivered(Self.frame(2)) == .none)
        #expect(stream.delivered(Self.frame(3)) == .closeConnection)
        #expect(stream == Stream(capacity: 2, state: .closed))
        #expect(stream.isClosed)
    }

    @Test func aCapacityBelowOneIsOne() {
        var stream = Stream(capacity: 0)
        #expect(stream.capacity == 1)
        #expect(stream.delivered(Self.frame(1)) == .none)
        #expect(stream.delivered(Self.frame(2)) == .closeConnection)
        #expect(stream == Stream(capacity: 1, state: .closed))
    }

    @Test func aGapAfterTheOpeningEndsTheStream() {
        var stream = Stream(capacity: 4)
        #expect(stream.delivered(Self.frame(7)) == .none)
        // The opening went up to 5: event 6 is missing, the client resumes from 5.
        #expect(stream.openingSent(lastSent: 5) == .endStream)
        #expect(stream == Stream(capacity: 4, state: .closed))
    }

    @Test func aGapInsideWhatWaitsEndsTheStream() {
        var stream = Stream(capacity: 4)
        #expect(stream.delivered(Self.frame(2)) == .none)
        #expect(stream.delivered(Self.frame(4)) == .none)
        #expect(stream.openingSent(lastSent: 1) == .endStream)
        #expect(stream == Stream(capacity: 4, state: .closed))
    }

    @Test func aDirectStreamWritesTheNextEventSkipsOldOnesAndEndsOnAGap() {
        var stream = Stream(capacity: 2, state: .direct(lastSent: 10))
        #expect(stream.delivered(Self.frame(9)) == .none)
        #expect(stream.delivered(Self.frame(10)) == .none)
        #expect(stream == Stream(capacity: 2, state: .direct(lastSent: 10)))
        #expect(stream.delivered(Self.frame(11)) == .write(Self.bytes(11)))
        #expect(stream == Stream(capacity: 2, state: .direct(lastSent: 11)))
        // No capacity applies here: the connection bounds what it buffers.
        #expect(stream.delivered(Self.frame(12)) == .write(Self.bytes(12)))
        #expect(stream.delivered(Self.frame(13)) == .write(Self.bytes(13)))
        #expect(stream == Stream(capacity: 2, state: .direct(lastSent: 13)))
        #expect(stream.heartbeatDue(frame: Self.heartbeat) == .write(Self.heartbeat))
        #expect(stream == Stream(capacity: 2, state: .direct(lastSent: 13)))

        #expect(stream.delivered(Self.frame(15)) == .endStream)
        #expect(stream == Stream(capacity: 2, state: .closed))
    }

    @Test func aSecondOpeningEndsTheStream() {
        var stream = Stream(capacity: 2, state: .direct(lastSent: 3))
        #expect(stream.openingSent(lastSent: 3) == .endStream)
        #expect(stream == Stream(capacity: 2, state: .closed))
    }

    @Test func aClosedStreamTakesNothingAndTellsItsEnd() {
        var stream = Stream(capacity: 2, state: .closed)
        #expect(stream.delivered(Self.frame(1)) == .none)
        #expect(stream.heartbeatDue(frame: Self.heartbeat) == .none)
        #expect(stream == Stream(capacity: 2, state: .closed))
        // An opening finished after the hub ended the stream: the endpoint finishes the response.
        #expect(stream.openingSent(lastSent: 0) == .endStream)
        #expect(stream == Stream(capacity: 2, state: .closed))
    }
}
