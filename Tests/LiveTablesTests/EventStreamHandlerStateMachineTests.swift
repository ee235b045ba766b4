import NIOCore
import Testing

@testable import LiveTables

/// The connection side of an events stream as a state machine, driven through scripted events:
/// after each one the action and the whole state are checked.
@Suite struct EventStreamHandlerStateMachineTests {
    private typealias Machine = EventStreamHandlerStateMachine
    private typealias Outbox = EventStreamHandlerStateMachine.Outbox
    private typealias HandedOver = EventStreamHandlerStateMachine.HandedOver
    private typealias Closing = EventStreamHandlerStateMachine.Closing
    private typealias FrameWrite = EventStreamHandlerStateMachine.FrameWrite

    private let capacity = 2

    @Test func aStreamIsWrittenHandedOverAndEndedByTheHub() {
        var machine = Machine()
        #expect(machine.state == .answering(inputClosed: false))
        #expect(machine.responsePartWritten(.finalHead(isEventStream: true)) == .forward)
        #expect(machine.responseNumber == 1)
        #expect(machine.state == .opening(Outbox()))
        #expect(machine.responsePartWritten(.other) == .forward)
        // The hub's first frames may come before the hand-over: through NIO, flushed once.
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(flushDue: true)))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite()))
        #expect(machine.state == .opening(Outbox(flushDue: true)))
        machine.framesFlushed()
        #expect(machine.state == .opening(Outbox()))

        #expect(
            machine.handOverRequested(response: 1, channelIsActive: true, socketLent: true)
                == .takeOver(checkPipeline: true))
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .checkingPipeline)))
        #expect(machine.pipelineChecked(transformsBytes: false) == .writeDrainMarker)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .waitingForNIO(held: 1))))
        #expect(machine.heldWriteCompleted(succeeded: true) == .allowDirectSends)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .allowed)))

        // The answering task leaves: its writes and closes are turned away.
        #expect(machine.responsePartWritten(.end) == .refuse(.handedOver))
        #expect(machine.closeRequestedFromAbove(mode: .output) == .turnAway)
        #expect(machine.closeRequestedFromAbove(mode: .all) == .turnAway)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .allowed, taskCloseTurnedAway: true)))

        #expect(machine.finishRequested(response: 1) == .writeLastChunkThenClose)
        #expect(machine.state == .closing(Closing(handedOver: true, taskCloseTurnedAway: true, finishedHere: true)))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .drop)
        #expect(machine.responsePartWritten(.other) == .refuse(.streamEnded))
        #expect(machine.finishRequested(response: 1) == .none)
        #expect(machine.channelClosed() == .none)
        #expect(machine.state == .closing(Closing(handedOver: true, taskCloseTurnedAway: true, finishedHere: true)))
    }

    @Test func whatTheSocketDoesNotTakeQueuesTheNextFramesInNIOUntilItIsWritten() {
        var machine = handedOverMachine()
        // A frame the socket took only part of: the rest goes through NIO, and direct sends stop.
        #expect(
            machine.frameArrived(response: 1, capacity: capacity)
                == .write(FrameWrite(counted: true, stopsDirectSends: true, flushDue: true)))
        #expect(machine.state == .handedOver(Outbox(flushDue: true), HandedOver(directSends: .waitingForNIO(held: 1))))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(counted: true)))
        #expect(machine.state == .handedOver(Outbox(flushDue: true), HandedOver(directSends: .waitingForNIO(held: 2))))
        machine.framesFlushed()
        #expect(machine.heldWriteCompleted(succeeded: true) == .none)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .waitingForNIO(held: 1))))
        #expect(machine.heldWriteCompleted(succeeded: true) == .allowDirectSends)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .allowed)))
    }

    @Test func aWriteThatFailsWhileNIOHoldsItWithdrawsDirectSendsForGood() {
        var machine = handedOverMachine()
        _ = machine.frameArrived(response: 1, capacity: capacity)
        _ = machine.frameArrived(response: 1, capacity: capacity)
        machine.framesFlushed()
        // NIO closes the socket and fails the writes it holds, the first of them here.
        #expect(machine.heldWriteCompleted(succeeded: false) == .none)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .withdrawn)))
        // The other held write succeeding must not allow them again.
        #expect(machine.heldWriteCompleted(succeeded: true) == .none)
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(flushDue: true)))
        #expect(machine.state == .handedOver(Outbox(flushDue: true), HandedOver(directSends: .withdrawn)))
        #expect(machine.channelClosed() == .stopDirectSends)
        #expect(machine.state == .closing(Closing(handedOver: true)))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .drop)
    }

    @Test func aDrainMarkerThatFailsWithdrawsDirectSendsBeforeTheyStart() {
        var machine = openingMachine()
        _ = machine.handOverRequested(response: 1, channelIsActive: true, socketLent: true)
        #expect(machine.pipelineChecked(transformsBytes: false) == .writeDrainMarker)
        #expect(machine.heldWriteCompleted(succeeded: false) == .none)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .withdrawn)))
    }

    @Test func aPipelineThatTransformsBytesOrLendsNoSocketNeverSendsDirectly() {
        var transforming = openingMachine()
        #expect(
            transforming.handOverRequested(response: 1, channelIsActive: true, socketLent: true)
                == .takeOver(checkPipeline: true))
        #expect(transforming.pipelineChecked(transformsBytes: true) == .none)
        #expect(transforming.state == .handedOver(Outbox(), HandedOver(directSends: .pipelineTransformsBytes)))
        #expect(transforming.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(flushDue: true)))
        #expect(transforming.heldWriteCompleted(succeeded: true) == .none)
        #expect(
            transforming.state == .handedOver(Outbox(flushDue: true), HandedOver(directSends: .pipelineTransformsBytes))
        )

        var socketless = openingMachine()
        #expect(
            socketless.handOverRequested(response: 1, channelIsActive: true, socketLent: false)
                == .takeOver(checkPipeline: false))
        #expect(socketless.state == .handedOver(Outbox(), HandedOver(directSends: .noSocket)))
        // A check reported anyway changes nothing.
        #expect(socketless.pipelineChecked(transformsBytes: false) == .none)
        #expect(socketless.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(flushDue: true)))
        #expect(socketless.state == .handedOver(Outbox(flushDue: true), HandedOver(directSends: .noSocket)))
    }

    @Test func aConnectionThatTakesNoMoreClosesAfterCapacityFramesMore() {
        var machine = handedOverMachine()
        machine.writabilityChanged(isWritable: false)
        #expect(machine.isWritable == false)
        #expect(
            machine.frameArrived(response: 1, capacity: capacity)
                == .write(FrameWrite(counted: true, stopsDirectSends: true, flushDue: true)))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(counted: true)))
        #expect(
            machine.state
                == .handedOver(
                    Outbox(framesWhileUnwritable: 2, flushDue: true), HandedOver(directSends: .waitingForNIO(held: 2))))
        // Taking writes again starts the count over.
        machine.writabilityChanged(isWritable: true)
        machine.writabilityChanged(isWritable: false)
        #expect(
            machine.state
                == .handedOver(Outbox(flushDue: true), HandedOver(directSends: .waitingForNIO(held: 2))))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(counted: true)))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .write(FrameWrite(counted: true)))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .closeConnection)
        #expect(machine.state == .closing(Closing(handedOver: true)))
        #expect(machine.heldWriteCompleted(succeeded: true) == .none)

        var opening = openingMachine()
        opening.writabilityChanged(isWritable: false)
        _ = opening.frameArrived(response: 1, capacity: 1)
        #expect(opening.frameArrived(response: 1, capacity: 1) == .closeConnection)
        #expect(opening.state == .closing(Closing()))
    }

    @Test func aClientThatFinishesSendingEndsItsStreamAtOnce() {
        var answering = Machine()
        #expect(answering.clientFinishedSending() == .none)
        #expect(answering.state == .answering(inputClosed: true))
        // A plain answer still goes out; a stream would wait for a client that has gone.
        #expect(answering.responsePartWritten(.finalHead(isEventStream: false)) == .forward)
        #expect(answering.responsePartWritten(.end) == .forward)
        #expect(answering.state == .answering(inputClosed: true))
        #expect(answering.responsePartWritten(.finalHead(isEventStream: true)) == .closeConnectionAndRefuse)
        #expect(answering.state == .closing(Closing()))
        #expect(answering.responseNumber == 2)

        var opening = openingMachine()
        #expect(opening.clientFinishedSending() == .closeConnection)
        #expect(opening.state == .closing(Closing()))
        // The answering task's writes and closes go on down, to a closing connection.
        #expect(opening.responsePartWritten(.other) == .forward)
        #expect(opening.closeRequestedFromAbove(mode: .all) == .forward)

        var handedOver = handedOverMachine()
        #expect(handedOver.clientFinishedSending() == .closeConnection)
        #expect(handedOver.state == .closing(Closing(handedOver: true)))
        #expect(handedOver.clientFinishedSending() == .none)
        #expect(handedOver.responsePartWritten(.other) == .refuse(.handedOver))
    }

    @Test func hummingbirdsClosesBeforeTheHandOverGoThroughAndTheHandOverIsDeclined() {
        // The task answering the request fails before its opening is written (its client left).
        var machine = openingMachine()
        #expect(machine.closeRequestedFromAbove(mode: .output) == .forward)
        #expect(machine.closeRequestedFromAbove(mode: .all) == .forward)
        #expect(machine.state == .opening(Outbox()))
        #expect(machine.channelClosed() == .none)
        #expect(machine.state == .closing(Closing()))
        #expect(machine.handOverRequested(response: 1, channelIsActive: false, socketLent: false) == .decline)
        #expect(machine.state == .closing(Closing()))

        // A connection NIO has closed but not yet reported is not taken over either.
        var unreported = openingMachine()
        #expect(unreported.handOverRequested(response: 1, channelIsActive: false, socketLent: true) == .decline)
        #expect(unreported.state == .opening(Outbox()))
    }

    @Test func hummingbirdsClosesAfterTheHandOverAreTurnedAwayOnce() {
        var machine = handedOverMachine()
        #expect(machine.closeRequestedFromAbove(mode: .input) == .forward)
        #expect(machine.closeRequestedFromAbove(mode: .output) == .turnAway)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .allowed)))
        #expect(machine.closeRequestedFromAbove(mode: .all) == .turnAway)
        #expect(machine.state == .handedOver(Outbox(), HandedOver(directSends: .allowed, taskCloseTurnedAway: true)))
        // A later close of the whole channel is someone else's.
        #expect(machine.closeRequestedFromAbove(mode: .all) == .forward)
        #expect(machine.closeRequestedFromAbove(mode: .output) == .turnAway)
    }

    @Test func hummingbirdsClosesAfterAStreamTheHubEndedAreTurnedAwayToo() {
        // The hub closes the stream's connection before the answering task has left.
        var machine = handedOverMachine()
        #expect(machine.closeRequested() == .closeConnection)
        #expect(machine.state == .closing(Closing(handedOver: true)))
        #expect(machine.closeRequestedFromAbove(mode: .output) == .turnAway)
        #expect(machine.closeRequestedFromAbove(mode: .all) == .turnAway)
        #expect(machine.state == .closing(Closing(handedOver: true, taskCloseTurnedAway: true)))
        #expect(machine.closeRequestedFromAbove(mode: .all) == .forward)
        #expect(machine.closeRequested() == .closeConnection)
    }

    @Test func aStreamEndedDuringItsOpeningTakesNothingMoreFromAbove() {
        var machine = openingMachine()
        #expect(machine.finishRequested(response: 1) == .writeLastChunkThenClose)
        #expect(machine.state == .closing(Closing(finishedHere: true)))
        // The rest of the opening, then the hand-over and the task's closes.
        #expect(machine.responsePartWritten(.other) == .refuse(.streamEnded))
        #expect(machine.handOverRequested(response: 1, channelIsActive: true, socketLent: true) == .decline)
        #expect(machine.closeRequestedFromAbove(mode: .output) == .forward)
        #expect(machine.closeRequestedFromAbove(mode: .all) == .forward)
        #expect(machine.state == .closing(Closing(finishedHere: true)))
    }

    @Test func framesOfAnotherResponseOrOfNoStreamAreDropped() {
        var machine = Machine()
        #expect(machine.frameArrived(response: 0, capacity: capacity) == .drop)
        #expect(machine.responsePartWritten(.finalHead(isEventStream: false)) == .forward)
        #expect(machine.state == .answering(inputClosed: false))
        #expect(machine.frameArrived(response: 1, capacity: capacity) == .drop)
        #expect(machine.handOverRequested(response: 1, channelIsActive: true, socketLent: true) == .decline)
        #expect(machine.finishRequested(response: 1) == .none)
        #expect(machine.responsePartWritten(.end) == .forward)
        // A stream that ends with its response is over: the connection answers requests again.
        #expect(machine.responsePartWritten(.finalHead(isEventStream: true)) == .forward)
        #expect(machine.responsePartWritten(.end) == .forward)
        #expect(machine.state == .answering(inputClosed: false))
        #expect(machine.frameArrived(response: 2, capacity: capacity) == .drop)
        #expect(machine.responsePartWritten(.finalHead(isEventStream: true)) == .forward)
        #expect(machine.frameArrived(response: 2, capacity: capacity) == .drop)
        #expect(machine.handOverRequested(response: 2, channelIsActive: true, socketLent: true) == .decline)
        #expect(machine.frameArrived(response: 3, capacity: capacity) == .write(FrameWrite(flushDue: true)))
        #expect(machine.state == .opening(Outbox(flushDue: true)))
        #expect(machine.responseNumber == 3)
    }

    @Test func quiescingEndsOnlyAHandedOverStream() {
        var answering = Machine()
        #expect(answering.quiesceRequested() == .none)
        #expect(answering.state == .answering(inputClosed: false))
        var opening = openingMachine()
        #expect(opening.quiesceRequested() == .none)
        #expect(opening.state == .opening(Outbox()))
        var handedOver = handedOverMachine()
        #expect(handedOver.quiesceRequested() == .writeLastChunkThenClose)
        #expect(handedOver.state == .closing(Closing(handedOver: true, finishedHere: true)))
        #expect(handedOver.quiesceRequested() == .none)
    }

    @Test func aStreamHandedOverAfterTheServerBeganToStopEndsAtTheHandOver() {
        // The quiesce comes while the task is still writing the opening: nothing to end yet.
        var machine = openingMachine()
        #expect(machine.quiesceRequested() == .none)
        #expect(
            machine.handOverRequested(response: 1, channelIsActive: true, socketLent: false)
                == .takeOver(checkPipeline: false))
        #expect(machine.handOverCompleted() == .writeLastChunkThenClose)
        #expect(machine.state == .closing(Closing(handedOver: true, finishedHere: true)))
        // The server's own handlers close a stream still opening once it stops: the stream ends properly instead,
        // and the answering task's closes on its way out are turned away.
        var cut = openingMachine()
        #expect(cut.closeRequestedFromAbove(mode: .all) == .forward, "not stopping: a close goes through")
        var stopping = openingMachine()
        _ = stopping.quiesceRequested()
        #expect(stopping.closeRequestedFromAbove(mode: .all) == .finishStream)
        #expect(stopping.state == .closing(Closing(handedOver: true, finishedHere: true)))
        #expect(stopping.handOverRequested(response: 1, channelIsActive: true, socketLent: false) == .decline)
        #expect(stopping.closeRequestedFromAbove(mode: .output) == .turnAway)
        // Without a quiesce, the hand-over leaves the stream to the hub.
        var running = openingMachine()
        _ = running.handOverRequested(response: 1, channelIsActive: true, socketLent: false)
        #expect(running.handOverCompleted() == .none)
    }

    @Test func theHubClosingAConnectionThatAnswersRequestsLeavesItAnswering() {
        var machine = Machine()
        #expect(machine.closeRequested() == .closeConnection)
        #expect(machine.state == .answering(inputClosed: false))
        #expect(machine.channelClosed() == .none)
        #expect(machine.state == .answering(inputClosed: false))
    }

    /// A connection whose response 1 is an events stream being opened.
    private func openingMachine() -> Machine {
        var machine = Machine()
        _ = machine.responsePartWritten(.finalHead(isEventStream: true))
        return machine
    }

    /// A connection whose response 1 is a handed-over events stream, sending directly.
    private func handedOverMachine() -> Machine {
        var machine = openingMachine()
        _ = machine.handOverRequested(response: 1, channelIsActive: true, socketLent: true)
        _ = machine.pipelineChecked(transformsBytes: false)
        _ = machine.heldWriteCompleted(succeeded: true)
        return machine
    }
}
