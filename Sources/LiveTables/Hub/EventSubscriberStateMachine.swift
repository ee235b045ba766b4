import NIOCore

/// One events stream, as a value state machine: what it has been sent, what waits for it, and
/// where its frames go.
///
/// A stream opens with the endpoint writing its opening (`hello`, or the events a resumed client
/// missed) through the response; deliveries that arrive meanwhile wait, at most ``capacity`` of
/// them (one more closes the connection: the client is not keeping up, and resumes with
/// `Last-Event-ID`). Once the opening is sent (``openingSent(lastSent:)``) the waiting frames
/// after it go to the connection in one hand-over and every later delivery goes there directly.
/// Frames already sent are skipped; a frame that skips ahead (which the hub's in-order delivery
/// does not produce) ends the stream, and the client resumes from what it has. A frame that
/// ``EventFrame/endsStream`` (the event took the stream's player off the table) is the stream's
/// last: it is written and the stream ends, so nothing that happens at the table after it (such as
/// a new player taking the same name) reaches the removed player.
///
/// No I/O happens here: each method is an event and returns what the owner must do.
///
/// ```swift
/// var stream = EventSubscriberStateMachine(capacity: 1_024)
/// stream.delivered(EventFrame(number: 8, bytes: frame8))  // .none: waits for the opening
/// stream.openingSent(lastSent: 7)                          // .writeAll([frame8])
/// stream.delivered(EventFrame(number: 9, bytes: frame9))  // .write(frame9)
/// ```
package struct EventSubscriberStateMachine: Sendable {
    /// Where the stream stands.
    package enum State {
        /// The endpoint is writing the opening; deliveries wait here, oldest first.
        case opening(waiting: [EventFrame])
        /// Frames go straight to the connection; `lastSent` is the number of the last event it was
        /// given (the opening's, or a later delivery's).
        case direct(lastSent: Int64)
        /// The stream has ended: nothing more is written.
        case closed
    }

    /// What the owner must do after an event.
    package enum Action {
        /// Nothing.
        case none
        /// Hand this frame to the stream's connection.
        case write(ByteBuffer)
        /// Hand these frames to the stream's connection, in this order.
        case writeAll([ByteBuffer])
        /// Hand these frames to the stream's connection, in this order, then end the stream: the
        /// last of them took the stream's player off the table.
        case writeThenEnd([ByteBuffer])
        /// End the stream: its endpoint finishes the response (the client reconnects and resumes).
        case endStream
        /// Close the connection: the client does not read fast enough to be sent more.
        case closeConnection
    }

    /// The most deliveries that wait during the opening; at least 1.
    package let capacity: Int
    package private(set) var state: State

    /// - Parameters:
    ///   - capacity: the most deliveries that may wait; at least 1.
    ///   - state: where the stream starts (a new stream is opening, with nothing waiting).
    package init(capacity: Int, state: State = .opening(waiting: [])) {
        self.capacity = max(1, capacity)
        self.state = state
    }

    /// Whether the stream has ended.
    package var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// An event, rendered for this stream's view, was delivered.
    @discardableResult
    package mutating func delivered(_ frame: EventFrame) -> Action {
        switch state {
        case .opening(var waiting):
            guard waiting.count < capacity else {
                state = .closed
                return .closeConnection
            }
            // Drop the state's own copy so the append below does not copy the array.
            state = .closed
            waiting.append(frame)
            state = .opening(waiting: waiting)
            return .none
        case .direct(let lastSent):
            if frame.number <= lastSent { return .none }
            guard frame.number == lastSent + 1 else {
                state = .closed
                return .endStream
            }
            if frame.endsStream {
                state = .closed
                return .writeThenEnd([frame.bytes])
            }
            state = .direct(lastSent: frame.number)
            return .write(frame.bytes)
        case .closed:
            return .none
        }
    }

    /// The stream's opening has been written: everything up to event `lastSent` is sent.
    @discardableResult
    package mutating func openingSent(lastSent: Int64) -> Action {
        switch state {
        case .opening(let waiting):
            var sent = lastSent
            var frames: [ByteBuffer] = []
            for frame in waiting {
                guard frame.number > sent else {
                    // Already in the opening; the player it took off the table gets nothing more.
                    if frame.endsStream {
                        state = .closed
                        return frames.isEmpty ? .endStream : .writeThenEnd(frames)
                    }
                    continue
                }
                guard frame.number == sent + 1 else {
                    state = .closed
                    return .endStream
                }
                frames.append(frame.bytes)
                sent = frame.number
                if frame.endsStream {
                    state = .closed
                    return .writeThenEnd(frames)
                }
            }
            state = .direct(lastSent: sent)
            return frames.isEmpty ? .none : .writeAll(frames)
        case .direct:
            // Only one opening per stream; a second report is a mistake of the owner's: end the
            // stream rather than write out of order.
            state = .closed
            return .endStream
        case .closed:
            return .endStream
        }
    }

    /// Time for a comment line that keeps proxies from closing a quiet stream.
    ///
    /// - Parameter frame: the comment line, ready to write.
    package func heartbeatDue(frame: ByteBuffer) -> Action {
        // A stream still opening is being written to anyway.
        if case .direct = state { return .write(frame) }
        return .none
    }
}

/// One event rendered for one view, as the bytes a stream writes.
package struct EventFrame: Hashable, Sendable {
    /// The event's number (its `id:`).
    package let number: Int64
    /// The frame, ready to write.
    package let bytes: ByteBuffer
    /// Whether the event took the stream's player off the table: the stream ends after it.
    package var endsStream = false
}

extension EventSubscriberStateMachine: Equatable {}
extension EventSubscriberStateMachine.State: Equatable {}
extension EventSubscriberStateMachine.Action: Equatable {}
