import NIOCore

/// Writes one events stream's frames straight to its connection, from any thread.
///
/// Each write is handed to the connection's event loop, in order, and written by the
/// connection's ``EventStreamHandler`` into the response the outlet was attached to; once that
/// response has ended, writes are dropped. This is the fast path of event delivery: no task runs
/// per frame.
struct EventStreamOutlet: Sendable {
    /// The connection's event loop.
    let eventLoop: any EventLoop
    private let handler: NIOLoopBound<EventStreamHandler>
    private let response: UInt64
    private let capacity: Int

    /// Attaches to the events stream currently being written on `channel`.
    ///
    /// Call it after the stream's first frame has been written: by then its head has passed the
    /// handler.
    ///
    /// - Parameter capacity: the most frames waiting for a client that does not read before its
    ///   connection is closed.
    /// - Returns: the outlet, or `nil` when the channel has no ``EventStreamHandler`` or is not
    ///   writing an events stream (the stream then goes on through its response writer).
    static func attach(to channel: any Channel, capacity: Int) async -> EventStreamOutlet? {
        let eventLoop = channel.eventLoop
        return try? await eventLoop.submit { () -> EventStreamOutlet? in
            guard let handler = try? channel.pipeline.syncOperations.handler(type: EventStreamHandler.self),
                handler.streaming
            else { return nil }
            return EventStreamOutlet(
                eventLoop: eventLoop, handler: NIOLoopBound(handler, eventLoop: eventLoop),
                response: handler.responseNumber, capacity: capacity)
        }.get()
    }

    /// Queues a frame for the connection's event loop.
    func write(_ frame: ByteBuffer) {
        let outlet = self
        eventLoop.execute { outlet.writeOnEventLoop(frame) }
    }

    /// Writes a frame now; call it on ``eventLoop``.
    func writeOnEventLoop(_ frame: ByteBuffer) {
        handler.value.writeFrame(frame, response: response, capacity: capacity)
    }
}
