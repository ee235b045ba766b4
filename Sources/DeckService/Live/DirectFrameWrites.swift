import NIOCore

/// The frames one fan-out writes to streams that write directly, gathered by event loop.
///
/// Handing each frame to its connection's event loop on its own costs a task per subscriber per
/// event; gathered, each event loop gets one task per fan-out that writes all of its frames, in
/// the order they were added.
final class DirectFrameWrites {
    private var loops: [ObjectIdentifier: (loop: any EventLoop, writes: [(EventStreamOutlet, ByteBuffer)])] = [:]

    /// Adds a frame for a stream.
    func add(_ frame: ByteBuffer, for outlet: EventStreamOutlet) {
        let key = ObjectIdentifier(outlet.eventLoop)
        if loops[key] == nil { loops[key] = (outlet.eventLoop, []) }
        loops[key]?.writes.append((outlet, frame))
    }

    /// Hands every gathered frame to its event loop, and forgets them.
    func handOver() {
        for (loop, writes) in loops.values {
            loop.execute {
                for (outlet, frame) in writes { outlet.writeOnEventLoop(frame) }
            }
        }
        loops = [:]
    }
}
