import NIOCore

/// One connection's events stream, as its ``EventStreamHandler`` sees it, as a value state machine:
/// whether the response being written is an events stream, who writes into it (the task that
/// answers the request, then the hub once the stream is handed over), whether its frames may go
/// straight to the socket, and how the connection closes.
///
/// The handler tells the machine what happened (a response part written from above, a frame from
/// the hub, a hand-over, a close, NIO's events) and carries out the action it returns. No I/O, clock
/// or lock here.
///
/// A connection answers requests (``State/answering(inputClosed:)``) until a response's head says
/// it is an events stream (``State/opening(_:)``): the task answering the request writes its
/// opening, and the hub's frames may follow it. Once the opening is written the connection is
/// handed over to the hub (``State/handedOver(_:_:)``): nothing more from above goes into the
/// stream, and the answering task's closes on its way out are turned away. The stream ends
/// (``State/closing(_:)``) when the hub ends it, its client stops sending or does not keep up, or
/// the connection closes.
///
/// A handed-over stream's frames go straight to the socket (``EventStreamSocket``) once the
/// pipeline below the stream has been found to pass bytes unchanged (``pipelineChecked(transformsBytes:)``)
/// and NIO holds none of the stream's writes; the first write of the stream that fails withdraws
/// that for good (NIO fails the writes it holds when it closes the socket).
///
/// ```swift
/// var machine = EventStreamHandlerStateMachine()
/// machine.responsePartWritten(.finalHead(isEventStream: true))           // .forward
/// machine.handOverRequested(response: 1, channelIsActive: true, socketLent: true)
/// // .takeOver(checkPipeline: true)
/// machine.pipelineChecked(transformsBytes: false)                        // .writeDrainMarker
/// machine.heldWriteCompleted(succeeded: true)                           // .allowDirectSends
/// ```
struct EventStreamHandlerStateMachine: Sendable {
    /// Where the connection stands.
    enum State: Hashable, Sendable {
        /// Answering requests: the response being written, if any, is not an events stream. With
        /// `inputClosed`, the client has finished sending, and a stream that starts now is closed
        /// at once (nothing would notice its client leave).
        case answering(inputClosed: Bool)
        /// The response is an events stream whose opening the task answering the request is
        /// writing; the hub's frames may already follow it.
        case opening(Outbox)
        /// The stream's connection belongs to the hub: the task that answered the request has gone
        /// (or is going), and only the hub writes into the stream.
        case handedOver(Outbox, HandedOver)
        /// The stream has ended; the connection is closing.
        case closing(Closing)
    }

    /// A stream's frames on their way to its client.
    struct Outbox: Hashable, Sendable {
        /// Frames written since the connection stopped taking more.
        var framesWhileUnwritable = 0
        /// Whether frames were written since the connection was last flushed.
        var flushDue = false
    }

    /// What a handed-over stream adds.
    struct HandedOver: Hashable, Sendable {
        /// Whether frames may go straight to the socket.
        var directSends: DirectSends
        /// Whether the answering task's close of the whole channel has been turned away.
        var taskCloseTurnedAway = false
    }

    /// Whether a handed-over stream's frames may go straight to the socket.
    enum DirectSends: Hashable, Sendable {
        /// Never: the channel lends no socket.
        case noSocket
        /// The handler is checking whether the handlers below the stream pass bytes unchanged.
        case checkingPipeline
        /// Never: a handler below the stream changes or holds the bytes written (such as TLS), so
        /// bytes sent past it would reach the client unchanged, or out of order.
        case pipelineTransformsBytes
        /// Not while NIO holds `held` of the stream's writes (taken, not yet written to the
        /// socket): frames queue behind them.
        case waitingForNIO(held: Int)
        /// Yes: NIO holds none of the stream's writes.
        case allowed
        /// Never again: a write of the stream failed, so the connection is closing.
        case withdrawn
    }

    /// How a stream's connection closes.
    struct Closing: Hashable, Sendable {
        /// Whether the stream had been handed over: writes from above are refused and the
        /// answering task's closes turned away, as while it was open.
        var handedOver = false
        /// Whether the answering task's close of the whole channel has been turned away.
        var taskCloseTurnedAway = false
        /// Whether the stream was ended here with its response's last chunk: nothing from above
        /// may follow it.
        var finishedHere = false
    }

    /// A part of a response, as written from above the handler.
    enum ResponsePart: Hashable, Sendable {
        /// A final (not informational) response head; `isEventStream` when its content type is
        /// `text/event-stream`.
        case finalHead(isEventStream: Bool)
        /// The response's end.
        case end
        /// An informational head, or body bytes.
        case other
    }

    /// What the handler does with a response part written from above.
    enum WriteAction: Hashable, Sendable {
        /// Pass it on.
        case forward
        /// Fail its write with the given reason; nothing is written.
        case refuse(Refusal)
        /// Close the connection, and fail the write (as ``Refusal/streamEnded``): a stream whose
        /// client has finished sending.
        case closeConnectionAndRefuse
    }

    /// Why a write from above is refused.
    enum Refusal: Hashable, Sendable {
        /// The stream ended here and its connection is closing (`ChannelError.ioOnClosedChannel`).
        case streamEnded
        /// The stream belongs to the hub (``EventStreamHandedOver``).
        case handedOver
    }

    /// What the handler does with a frame from the hub.
    enum FrameAction: Hashable, Sendable {
        /// Nothing: the frame is not for the response being written, or its stream has ended.
        case drop
        /// Write the frame (what the socket did not take of it) through NIO.
        case write(FrameWrite)
        /// Close the connection (its client does not keep up); frames go through NIO from now on.
        case closeConnection
    }

    /// How a frame is written through NIO.
    struct FrameWrite: Hashable, Sendable {
        /// Whether to report the write's completion with ``heldWriteCompleted(succeeded:)``: NIO
        /// holds it while direct sends wait for it.
        var counted = false
        /// Whether frames must stop going straight to the socket first (they were allowed to).
        var stopsDirectSends = false
        /// Whether this write made a flush due: the first since the connection was last flushed.
        var flushDue = false
    }

    /// What the handler does when the task answering the request hands the stream over.
    enum HandOverAction: Hashable, Sendable {
        /// Nothing: the stream has ended or the connection has closed (the task closes it as usual).
        case decline
        /// Take the connection over: drop what the client sends, stop its idle time-out, and give
        /// the hub's stream the connection. With `checkPipeline`, then check whether the handlers
        /// below the stream pass bytes unchanged and report it (``pipelineChecked(transformsBytes:)``).
        case takeOver(checkPipeline: Bool)
    }

    /// What the handler does with its connection after an event.
    enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Close the connection; frames go through NIO from now on.
        case closeConnection
        /// End the stream: frames go through NIO from now on; write the response's last chunk,
        /// flush, and close the connection once it is written.
        case writeLastChunkThenClose
        /// Write an empty buffer through NIO, counted (``FrameWrite/counted``), and flush: once NIO
        /// has written it, it holds nothing of the opening or of the frames before it.
        case writeDrainMarker
        /// Let frames go straight to the socket.
        case allowDirectSends
        /// Make frames go through NIO from now on.
        case stopDirectSends
    }

    /// What the handler does with a close asked for from above it.
    enum CloseAction: Hashable, Sendable {
        /// Pass it on.
        case forward
        /// Fail it (``EventStreamHandedOver``): it is the answering task leaving a handed-over stream.
        case turnAway
        /// End the stream with its last chunk, then close, in its place: the server is stopping while the stream's
        /// opening is still being written, and its handlers above would cut the stream short.
        case finishStream
    }

    /// The number of final response heads written so far: the current response's number.
    private(set) var responseNumber: UInt64 = 0
    /// Whether the connection takes more writes, as its writability events tell.
    private(set) var isWritable = true
    /// Whether the server has asked the connection to quiesce (it is stopping).
    private(set) var quiesceSeen = false
    private(set) var state: State

    /// - Parameter state: where the connection starts (a new connection answers requests).
    init(state: State = .answering(inputClosed: false)) {
        self.state = state
    }

    // MARK: - From above: the task answering the request

    /// A part of a response is written from above.
    mutating func responsePartWritten(_ part: ResponsePart) -> WriteAction {
        switch state {
        case .answering(let inputClosed):
            return responsePartWritten(part, inputClosed: inputClosed)
        case .opening:
            return responsePartWritten(part, inputClosed: false)
        case .handedOver:
            // Its frames come from the hub; the task that answered its request has gone.
            return .refuse(.handedOver)
        case .closing(let closing):
            // Nothing goes after a stream's last chunk (such as the rest of an opening on its way).
            if closing.finishedHere { return .refuse(.streamEnded) }
            if closing.handedOver { return .refuse(.handedOver) }
            return .forward
        }
    }

    private mutating func responsePartWritten(_ part: ResponsePart, inputClosed: Bool) -> WriteAction {
        switch part {
        case .finalHead(let isEventStream):
            responseNumber += 1
            guard isEventStream else {
                state = .answering(inputClosed: inputClosed)
                return .forward
            }
            guard !inputClosed else {
                state = .closing(Closing())
                return .closeConnectionAndRefuse
            }
            state = .opening(Outbox())
            return .forward
        case .end:
            state = .answering(inputClosed: inputClosed)
            return .forward
        case .other:
            return .forward
        }
    }

    /// The task answering the request that is response `response` hands its stream over, its
    /// opening written.
    ///
    /// - Parameters:
    ///   - response: the response's number.
    ///   - channelIsActive: whether the connection is still open.
    ///   - socketLent: whether the channel lends its socket (``EventStreamSocket``).
    mutating func handOverRequested(response: UInt64, channelIsActive: Bool, socketLent: Bool) -> HandOverAction {
        guard channelIsActive, response == responseNumber, case .opening(let outbox) = state else { return .decline }
        state = .handedOver(outbox, HandedOver(directSends: socketLent ? .checkingPipeline : .noSocket))
        return .takeOver(checkPipeline: socketLent)
    }

    /// The handlers below the stream were checked (after ``HandOverAction/takeOver(checkPipeline:)``).
    ///
    /// - Parameter transformsBytes: whether bytes written below the stream failed to reach the
    ///   socket unchanged and at once.
    mutating func pipelineChecked(transformsBytes: Bool) -> Action {
        guard case .handedOver(let outbox, var handedOver) = state, handedOver.directSends == .checkingPipeline
        else { return .none }
        if transformsBytes {
            handedOver.directSends = .pipelineTransformsBytes
            state = .handedOver(outbox, handedOver)
            return .none
        }
        // The drain marker is the one write NIO holds.
        handedOver.directSends = .waitingForNIO(held: 1)
        state = .handedOver(outbox, handedOver)
        return .writeDrainMarker
    }

    /// A close is asked for from above the handler.
    mutating func closeRequestedFromAbove(mode: CloseMode) -> CloseAction {
        switch state {
        case .handedOver(let outbox, var handedOver):
            guard Self.turnsAway(mode, taskCloseTurnedAway: &handedOver.taskCloseTurnedAway) else { return .forward }
            state = .handedOver(outbox, handedOver)
            return .turnAway
        case .closing(var closing) where closing.handedOver:
            guard Self.turnsAway(mode, taskCloseTurnedAway: &closing.taskCloseTurnedAway) else { return .forward }
            state = .closing(closing)
            return .turnAway
        case .opening where quiesceSeen:
            // Treated as handed over from here on: the answering task's own closes, still to come, are turned away.
            state = .closing(Closing(handedOver: true, finishedHere: true))
            return .finishStream
        case .answering, .opening, .closing:
            return .forward
        }
    }

    /// Whether a close from above a handed-over stream is the answering task leaving: on its way
    /// out it closes its writer's output, then the whole channel once. Later closes of the whole
    /// channel are someone else's, and go through.
    private static func turnsAway(_ mode: CloseMode, taskCloseTurnedAway: inout Bool) -> Bool {
        switch mode {
        case .output:
            return true
        case .all:
            if taskCloseTurnedAway { return false }
            taskCloseTurnedAway = true
            return true
        case .input:
            return false
        }
    }

    // MARK: - From the hub

    /// The hub hands over a frame of the events stream that is response `response`, which the
    /// socket did not take (all of it) directly.
    ///
    /// - Parameters:
    ///   - response: the number of the response the frame belongs to.
    ///   - capacity: the most frames that may be written while the connection takes no more.
    mutating func frameArrived(response: UInt64, capacity: Int) -> FrameAction {
        guard response == responseNumber else { return .drop }
        switch state {
        case .opening(var outbox):
            guard Self.fits(&outbox, capacity: capacity, isWritable: isWritable) else {
                state = .closing(Closing())
                return .closeConnection
            }
            let flushDue = Self.makeFlushDue(&outbox)
            state = .opening(outbox)
            return .write(FrameWrite(flushDue: flushDue))
        case .handedOver(var outbox, var handedOver):
            guard Self.fits(&outbox, capacity: capacity, isWritable: isWritable) else {
                state = .closing(Closing(handedOver: true, taskCloseTurnedAway: handedOver.taskCloseTurnedAway))
                return .closeConnection
            }
            var write = FrameWrite(flushDue: Self.makeFlushDue(&outbox))
            switch handedOver.directSends {
            case .allowed:
                // What the socket did not take: the frames after it queue behind it in NIO.
                handedOver.directSends = .waitingForNIO(held: 1)
                write.counted = true
                write.stopsDirectSends = true
            case .waitingForNIO(let held):
                handedOver.directSends = .waitingForNIO(held: held + 1)
                write.counted = true
            case .noSocket, .checkingPipeline, .pipelineTransformsBytes, .withdrawn:
                break
            }
            state = .handedOver(outbox, handedOver)
            return .write(write)
        case .answering, .closing:
            return .drop
        }
    }

    /// Whether one more frame may wait for a client that does not read: at most `capacity` while
    /// the connection takes no more writes.
    private static func fits(_ outbox: inout Outbox, capacity: Int, isWritable: Bool) -> Bool {
        guard !isWritable else { return true }
        outbox.framesWhileUnwritable += 1
        return outbox.framesWhileUnwritable <= capacity
    }

    private static func makeFlushDue(_ outbox: inout Outbox) -> Bool {
        guard !outbox.flushDue else { return false }
        outbox.flushDue = true
        return true
    }

    /// The frames written since the last flush have been flushed.
    mutating func framesFlushed() {
        switch state {
        case .opening(var outbox):
            outbox.flushDue = false
            state = .opening(outbox)
        case .handedOver(var outbox, let handedOver):
            outbox.flushDue = false
            state = .handedOver(outbox, handedOver)
        case .answering, .closing:
            break
        }
    }

    /// NIO has completed a counted write (``FrameWrite/counted``, or the drain marker).
    ///
    /// - Parameter succeeded: whether it was written; NIO fails the writes it holds when it closes
    ///   the socket, before the channel goes inactive.
    mutating func heldWriteCompleted(succeeded: Bool) -> Action {
        guard case .handedOver(let outbox, var handedOver) = state,
            case .waitingForNIO(let held) = handedOver.directSends
        else { return .none }
        guard succeeded else {
            // The socket may be closed already: direct sends end here, for good.
            handedOver.directSends = .withdrawn
            state = .handedOver(outbox, handedOver)
            return .none
        }
        guard held <= 1 else {
            handedOver.directSends = .waitingForNIO(held: held - 1)
            state = .handedOver(outbox, handedOver)
            return .none
        }
        handedOver.directSends = .allowed
        state = .handedOver(outbox, handedOver)
        return .allowDirectSends
    }

    /// The hub ends the events stream that is response `response`, properly: with its last chunk.
    mutating func finishRequested(response: UInt64) -> Action {
        guard response == responseNumber else { return .none }
        return finish()
    }

    /// The hub closes the connection at once: its client does not keep up.
    mutating func closeRequested() -> Action {
        state = closing(finishedHere: false) ?? state
        return .closeConnection
    }

    // MARK: - From NIO

    /// The client has finished sending (the connection's input closed).
    mutating func clientFinishedSending() -> Action {
        switch state {
        case .answering:
            state = .answering(inputClosed: true)
            return .none
        case .opening, .handedOver:
            // A stream never needs its client's side again: a client that leaves is seen at once.
            state = closing(finishedHere: false) ?? state
            return .closeConnection
        case .closing:
            return .none
        }
    }

    /// The server is quiescing: a handed-over stream ends now; one still opening ends as soon as it is handed over
    /// (``handOverCompleted()``), since the server's handlers that would have closed it are gone by then.
    mutating func quiesceRequested() -> Action {
        quiesceSeen = true
        guard case .handedOver = state else { return .none }
        return finish()
    }

    /// The hand-over is done (after ``handOverRequested(response:channelIsActive:socketLent:)`` took the stream, and
    /// its pipeline check): a stream handed over after the server began to stop ends now, with its last chunk.
    mutating func handOverCompleted() -> Action {
        guard quiesceSeen, case .handedOver = state else { return .none }
        return finish()
    }

    /// Whether the connection takes more writes changed.
    mutating func writabilityChanged(isWritable: Bool) {
        self.isWritable = isWritable
        guard isWritable else { return }
        switch state {
        case .opening(var outbox):
            outbox.framesWhileUnwritable = 0
            state = .opening(outbox)
        case .handedOver(var outbox, let handedOver):
            outbox.framesWhileUnwritable = 0
            state = .handedOver(outbox, handedOver)
        case .answering, .closing:
            break
        }
    }

    /// The connection has closed (or the handler left it): its socket's number may be reused.
    mutating func channelClosed() -> Action {
        let wasHandedOver: Bool
        if case .handedOver = state { wasHandedOver = true } else { wasHandedOver = false }
        state = closing(finishedHere: false) ?? state
        return wasHandedOver ? .stopDirectSends : .none
    }

    // MARK: - Ending a stream

    private mutating func finish() -> Action {
        guard let closing = closing(finishedHere: true) else { return .none }
        state = closing
        return .writeLastChunkThenClose
    }

    /// The state that ends the stream being written, or `nil` when none is.
    private func closing(finishedHere: Bool) -> State? {
        switch state {
        case .opening:
            return .closing(Closing(finishedHere: finishedHere))
        case .handedOver(_, let handedOver):
            return .closing(
                Closing(
                    handedOver: true, taskCloseTurnedAway: handedOver.taskCloseTurnedAway, finishedHere: finishedHere))
        case .answering, .closing:
            return nil
        }
    }
}
