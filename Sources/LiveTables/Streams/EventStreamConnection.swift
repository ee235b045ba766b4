import NIOCore
import Synchronization

/// Where an events stream's frames meet its connection: the one way frames get from the
/// ``EventHub`` to a subscriber's socket.
///
/// The path of a frame:
/// 1. The hub reads a deck's new events once, renders each once per visibility class, and frames
///    it for the wire here (``frame(_:)``): an SSE event wrapped as one HTTP/1.1 chunk, in one
///    `ByteBuffer` that every subscriber of that class shares (no copy per subscriber).
/// 2. The hub's state machine says which subscribers get which frames; the hub hands them over
///    with ``hand(_:)`` while it still holds its lock, gathered per event loop: one task per
///    event loop per delivery, however many subscribers it serves.
/// 3. On the event loop, a handed-over stream's frame is sent straight to its socket
///    (``EventStreamSocket``, one `send(2)`), while its ``EventStreamHandler`` allows that. Any
///    other frame, or the part of one the socket did not take, goes to the handler, which writes
///    it through NIO below the HTTP encoder (the frame is already a chunk), and each such
///    connection is flushed once: one system call per subscriber per delivery either way.
///
/// Why it is safe:
/// - **Order.** Each connection belongs to one event loop, which runs tasks in the order they were
///   handed over; the hub hands frames over under its lock, in the order its state machine gave
///   them, so a subscriber's frames reach its socket in event order. The stream's opening is
///   written through the response before the hub is told it was sent, and that write is on the
///   event loop before any frame from the hub. A frame is sent directly only while NIO holds none
///   of the stream's writes (the handler's state machine counts them), so it never overtakes bytes
///   queued in NIO.
/// - **The right socket and bytes.** A direct send goes to the descriptor NIO lent at the hand-over,
///   which the handler withdraws before NIO's close returns (``EventStreamSocket``), and only on a
///   connection whose handlers below the stream pass bytes unchanged (``EventStreamPipelineProbe``).
/// - **The right response only.** A connection is made for the request being answered: it
///   remembers that request's response number, and the handler writes a frame only while that
///   response is an events stream that has not ended. A frame handed over just before its stream
///   ended is dropped, never written into the end of the response or into a later one.
/// - **No task per stream.** Once the opening is written, the connection is handed over
///   (``handOver()``): the task that answered the request ends, and the stream lives on in the hub
///   and its connection's handler until the client leaves or the hub ends it (``finish()``).
/// - **Bounded memory.** A client that stops reading fills the socket, then NIO's buffer to its
///   high-water mark; after `capacity` frames more, its connection is closed.
/// - **The framing.** Every events stream is a chunked HTTP/1.1 response (the HTTP/1 codec gives
///   responses version 1.1, and a stream has no `Content-Length`), so a frame that is one whole
///   chunk can be written between the encoder's own chunks.
package final class EventStreamConnection: Sendable {
    /// The connection's event loop.
    package let eventLoop: any EventLoop
    private let channel: any Channel
    private let handler: NIOLoopBound<EventStreamHandler>
    private let response: UInt64
    private let capacity: Int
    /// The descriptor of the socket that frames may be sent to directly right now, or -1: set by
    /// the connection's handler (``EventStreamHandler``) as its state machine says, read and set on
    /// the event loop only. Kept here, not in the handler, so that a delivery reads the handler only
    /// when it must write through NIO.
    private let directDescriptor = Atomic<CInt>(-1)

    private init(channel: any Channel, handler: NIOLoopBound<EventStreamHandler>, response: UInt64, capacity: Int) {
        self.eventLoop = channel.eventLoop
        self.channel = channel
        self.handler = handler
        self.response = response
        self.capacity = capacity
    }

    /// The connection of the request being answered on `channel`, for the events stream that
    /// will be its response.
    ///
    /// Call it before the response starts: HTTP/1.1 answers a connection's requests in order, so
    /// the stream is the next response the connection's handler sees.
    ///
    /// - Parameters:
    ///   - channel: the channel the request came in on.
    ///   - capacity: the most frames waiting for a client that does not read before its
    ///     connection is closed.
    /// - Returns: the connection, or `nil` when the channel cannot take frames directly (it is
    ///   not served by `riffle serve`'s HTTP/1.1 pipeline, or has closed).
    package static func forResponse(on channel: any Channel, capacity: Int) async -> EventStreamConnection? {
        let eventLoop = channel.eventLoop
        let found = try? await eventLoop.submit { () -> (NIOLoopBound<EventStreamHandler>, UInt64)? in
            guard channel.isActive,
                let handler = try? channel.pipeline.syncOperations.handler(type: EventStreamHandler.self),
                handler.writesFrames
            else { return nil }
            return (NIOLoopBound(handler, eventLoop: eventLoop), handler.responseNumber + 1)
        }.get()
        guard let (handler, response) = found else { return nil }
        return EventStreamConnection(channel: channel, handler: handler, response: response, capacity: capacity)
    }

    /// Completes when the connection has closed.
    package var closeFuture: EventLoopFuture<Void> { channel.closeFuture }

    /// Closes the connection at once (its client does not keep up).
    ///
    /// The close starts at the connection's ``EventStreamHandler``: a connection handed over to
    /// the hub turns away closes from above it.
    package func close() {
        let handler = handler
        eventLoop.execute { handler.value.closeConnection() }
    }

    /// Ends the stream with its response's last chunk and closes the connection; nothing when the
    /// stream has already ended.
    package func finish() {
        let (handler, response) = (handler, response)
        eventLoop.execute { handler.value.finishStream(response: response) }
    }

    /// Hands the connection over to the hub once the stream's opening is written: the task that
    /// answered the request may then end without closing it (see ``EventStreamHandler``). Returns
    /// once the handler has taken it, or found the stream already ended (then the task's own close
    /// goes through).
    package func handOver() async {
        let (handler, response) = (handler, response)
        try? await eventLoop.submit { handler.value.handOver(response: response, stream: self) }.get()
    }

    /// Lets frames go straight to `socket`, or (`nil`) makes them go through the handler. Called
    /// by the handler, on the event loop.
    func allowDirectSends(to socket: EventStreamSocket?) {
        directDescriptor.store(socket?.descriptor ?? -1, ordering: .relaxed)
    }

    /// Whether frames go straight to the socket right now, for tests. Read it on the event loop.
    var sendsFramesDirectly: Bool { directDescriptor.load(ordering: .relaxed) >= 0 }

    /// An event, ready to write to every subscriber of its view: one HTTP/1.1 chunk.
    ///
    /// - Parameter event: one SSE frame (`id:`, `event:`, `data:` lines and a blank line).
    package static func frame(_ event: String) -> ByteBuffer {
        let length = event.utf8.count
        var buffer = ByteBuffer()
        buffer.reserveCapacity(length + 12)
        buffer.writeString(String(length, radix: 16))
        buffer.writeStaticString("\r\n")
        buffer.writeString(event)
        buffer.writeStaticString("\r\n")
        return buffer
    }

    /// The comment line that keeps a quiet stream open, as a chunk.
    package static let heartbeatFrame = frame(": keep-alive\n\n")

    /// One frame for one connection, as the hub's state machine gives it.
    package typealias Write = EventHubStateMachine<EventStreamConnection>.Write

    /// Hands frames to their connections' event loops: one task per event loop, which writes
    /// each frame and then flushes each connection once.
    ///
    /// Call it in the order the frames must be written (the hub calls it under its lock).
    package static func hand(_ writes: [Write]) {
        guard !writes.isEmpty else { return }
        var byLoop: [ObjectIdentifier: (loop: any EventLoop, writes: [Write])] = [:]
        for write in writes {
            let loop = write.connection.eventLoop
            byLoop[ObjectIdentifier(loop), default: (loop, [])].writes.append(write)
        }
        for (loop, writes) in byLoop.values {
            loop.execute { writeOnEventLoop(writes) }
        }
    }

    private static func writeOnEventLoop(_ writes: [Write]) {
        var flushes: [EventStreamHandler] = []
        for write in writes {
            let connection = write.connection
            let descriptor = connection.directDescriptor.load(ordering: .relaxed)
            var sent = 0
            if descriptor >= 0 {
                sent = EventStreamSocket(found: descriptor).send(write.frame)
                if sent == write.frame.readableBytes { continue }
            }
            let handler = connection.handler.value
            if handler.writeFrame(write.frame, sent: sent, response: connection.response, capacity: connection.capacity)
            {
                flushes.append(handler)
            }
        }
        for handler in flushes { handler.flushFrames() }
    }
}
