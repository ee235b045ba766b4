import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket under a handed-over events stream, to which its ``EventStreamConnection`` sends
/// each frame with one `send(2)`, skipping NIO's per-channel write path, while its
/// ``EventStreamHandler`` allows it (see ``EventStreamHandlerStateMachine/DirectSends``).
///
/// Why: a delivery is one small write to each of thousands of connections, and by the time the
/// next event comes each connection's objects have left the processor's caches. NIO's write and
/// flush walk a dozen of them per connection (handler contexts, the pipeline, the channel, its
/// pending writes); a direct send touches the stream's connection and the socket only
/// (`docs/PERFORMANCE.md` has the figures).
///
/// **Found through NIO's public API, once.** The descriptor is read when the stream is handed
/// over, inside `ChannelPipeline.SynchronousOperations.withUnsafeTransportIfAvailable(of:_:)`,
/// which lends a socket channel's descriptor only while the socket is open (NIO's
/// `BaseSocket.withUnsafeHandle` throws once it is closed). A channel that lends none has no direct
/// socket, and every frame goes through NIO. Borrowing it for every send instead cost 2.3–2.5 µs
/// more per delivery at 3,000 subscribers (9.3–9.6 against 6.7–7.2 µs): the call casts the channel to
/// `any NIOTransportAccessibleChannelCore<NIOBSDSocket.Handle>`, and the Swift runtime checks that
/// cast's associated type by demangling it each time.
///
/// **Why the kept descriptor never reaches another connection.** NIO closes a socket only in
/// `BaseSocketChannel.close0`, on the channel's event loop, and in this order, before it returns:
/// it closes the descriptor, fails the writes it still holds, then fires `channelInactive`. Frames
/// are sent only on that event loop, in tasks of their own, so no send runs while `close0` is under
/// way; and by the time it returns the permission to send is gone: `channelInactive` ends the
/// stream (``EventStreamHandlerStateMachine/channelClosed()``), and a failed write of the stream,
/// earlier in `close0`, withdraws direct sends for good
/// (``EventStreamHandlerStateMachine/heldWriteCompleted(succeeded:)``: the count of held writes
/// falling to zero cannot allow them again). A close that starts during a delivery (a flush that
/// fails, a client over its capacity) runs `close0` at once too, so the delivery's next frame for
/// that connection already goes to the handler, which drops it. The system gives the number to a
/// new socket only once it is closed, after which nothing sends to it.
///
/// **What the direct path skips.** Every handler below the stream's
/// ``EventStreamHandler/SocketSide``: direct sends are allowed only once ``EventStreamPipelineProbe``
/// has found that those handlers pass the stream's bytes to the socket unchanged (with TLS, say,
/// they would not, and every frame goes through NIO). In `riffle serve` only a handler that watches
/// what is read sits there.
struct EventStreamSocket {
    /// The socket's descriptor, owned by the channel's NIO socket.
    let descriptor: CInt

    /// A socket found before with ``init(of:)``, by its ``descriptor``, while its stream's handler
    /// allows direct sends.
    init(found descriptor: CInt) {
        self.descriptor = descriptor
    }

    /// The socket under `channel`, or `nil` when the channel lends no open socket. Call it on the
    /// channel's event loop.
    init?(of channel: any Channel) {
        let lent = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
            $0
        }
        guard let descriptor = lent ?? nil, descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    /// Sends as much of `bytes` as the socket takes now, without waiting.
    ///
    /// - Returns: how many bytes were sent: fewer than all when the socket's buffer is full, none
    ///   when the send failed (NIO then meets the same error when it writes the rest, and closes
    ///   the connection as it does for any failed write).
    func send(_ bytes: ByteBuffer) -> Int {
        bytes.withUnsafeReadableBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
            while true {
                let sent = sendWithoutSignal(descriptor, base, buffer.count)
                if sent >= 0 { return sent }
                if errno != EINTR { return 0 }
            }
        }
    }
}

/// `send(2)` that never raises `SIGPIPE` (on Darwin NIO sets `SO_NOSIGPIPE` on its sockets).
private func sendWithoutSignal(_ descriptor: CInt, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc) || canImport(Musl)
        send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, bytes, count, 0)
    #endif
}
