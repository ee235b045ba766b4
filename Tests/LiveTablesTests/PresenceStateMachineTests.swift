import Testing

@testable import LiveTables

/// Presence as a state machine with time as an input: online with the first stream, offline only
/// after a grace period with no stream open, so a reload is not a departure.
@Suite struct PresenceStateMachineTests {
    private let ana = PresenceStateMachine.Seat(deckID: "abcdefabcdef", player: "ana", tokenHash: [1])
    private let bo = PresenceStateMachine.Seat(deckID: "abcdefabcdef", player: "bo", tokenHash: [2])

    @Test func theFirstStreamMakesAPlayerOnlineAndTheLastOneOfflineAfterTheGrace() {
        var machine = PresenceStateMachine(graceMilliseconds: 10_000)
        #expect(machine.streamOpened(ana, now: 0) == [.online(ana)])
        #expect(machine.streamOpened(ana, now: 100).isEmpty)
        #expect(machine.streamClosed(ana, now: 200).isEmpty)
        #expect(machine.streams(of: ana) == 1)
        #expect(machine.streamClosed(ana, now: 300).isEmpty)
        #expect(machine.nextDeadline == 10_300)
        #expect(machine.timePassed(now: 10_299).isEmpty)
        #expect(machine.timePassed(now: 10_300) == [.offline(ana)])
        #expect(machine.nextDeadline == nil)
        #expect(machine.timePassed(now: 20_000).isEmpty)
    }

    @Test func aReloadWithinTheGraceIsNoDeparture() {
        var machine = PresenceStateMachine(graceMilliseconds: 10_000)
        #expect(machine.streamOpened(ana, now: 0) == [.online(ana)])
        #expect(machine.streamClosed(ana, now: 1_000).isEmpty)
        // The page reloads: a new stream 9.999 s later. Nothing is recorded, before or after.
        #expect(machine.streamOpened(ana, now: 10_999).isEmpty)
        #expect(machine.nextDeadline == nil)
        #expect(machine.timePassed(now: 60_000).isEmpty)
        // A stream that opens after the grace ended is a return.
        #expect(machine.streamClosed(ana, now: 61_000).isEmpty)
        #expect(machine.streamOpened(ana, now: 71_000) == [.offline(ana), .online(ana)])
    }

    @Test func deadlinesEndInTheirOrderAndWithoutAGraceAtOnce() {
        var machine = PresenceStateMachine(graceMilliseconds: 5_000)
        _ = machine.streamOpened(ana, now: 0)
        _ = machine.streamOpened(bo, now: 0)
        _ = machine.streamClosed(bo, now: 1_000)
        _ = machine.streamClosed(ana, now: 2_000)
        #expect(machine.timePassed(now: 9_000) == [.offline(bo), .offline(ana)])
        var immediate = PresenceStateMachine(graceMilliseconds: 0)
        #expect(immediate.streamOpened(ana, now: 0) == [.online(ana)])
        #expect(immediate.streamClosed(ana, now: 0) == [.offline(ana)])
        // A close without an open (a stream that was never counted) changes nothing.
        #expect(immediate.streamClosed(bo, now: 0).isEmpty)
    }

    @Test func aStoppingServerRecordsEveryoneItKnowsOffline() {
        var machine = PresenceStateMachine(graceMilliseconds: 10_000)
        _ = machine.streamOpened(ana, now: 0)
        _ = machine.streamOpened(bo, now: 0)
        _ = machine.streamClosed(bo, now: 1_000)
        #expect(machine.stopped() == [.offline(ana), .offline(bo)])
        #expect(machine.nextDeadline == nil)
        #expect(machine.timePassed(now: 60_000).isEmpty)
    }

    /// A player removed and another seated under the same name are two seats: the first one's
    /// open stream never stands for the second. What the server holds is listed in order.
    @Test func aNewPlayerWithAnOldNameIsAnotherSeat() {
        var machine = PresenceStateMachine(graceMilliseconds: 1_000)
        let newAna = PresenceStateMachine.Seat(deckID: ana.deckID, player: "ana", tokenHash: [9])
        #expect(machine.streamOpened(ana, now: 0) == [.online(ana)])
        #expect(machine.streamOpened(newAna, now: 1) == [.online(newAna)])
        #expect(machine.streamOpened(bo, now: 2) == [.online(bo)])
        #expect(machine.streamClosed(bo, now: 3) == [])
        #expect(machine.heldSeats == [ana, newAna, bo])
        #expect(machine.streamClosed(ana, now: 4) == [])
        #expect(machine.timePassed(now: 1_004) == [.offline(bo), .offline(ana)])
        #expect(machine.heldSeats == [newAna])
    }
}
