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
/// ``EventStreamHandler`` allows it (NIO holds none of the stream's writes).
///
/// Why: a delivery is one small write to each of thousands of connections, and by the time the
/// next event comes each connection's objects have left the processor's caches. NIO's write and
/// flush walk a dozen of them per connection (handler contexts, the pipeline, the channel, its
/// pending writes); a direct send touches the stream's connection and the socket only. It cut the
/// server's CPU per delivery from 10.4–12.1 µs to 6.6–7.1 µs at 3,000 subscribers
/// (`docs/PERFORMANCE.md`).
///
/// **Finding the descriptor.** Through NIO's public API: `withUnsafeTransportIfAvailable` on the
/// channel's pipeline lends the socket channel's handle, checked open inside its scope. A channel
/// that lends none (not a socket channel) has no direct socket, and every frame goes through NIO.
///
/// **Why a send never reaches the wrong connection.** The descriptor stays the channel's until NIO
/// closes it, which happens on the channel's event loop. While closing, NIO first fails the writes
/// it still holds, then fires `channelInactive`. Direct sends are allowed only while NIO holds none
/// of the stream's writes, and a failed write of the stream, like `channelInactive`, withdraws the
/// permission for good: it never comes back once the connection has begun to close. Frames are
/// sent only on the event loop, so none is ever sent to a descriptor that has been closed, and
/// perhaps reused by a new connection.
///
/// **What the direct path skips.** Everything below the handler's ``EventStreamHandler/SocketSide``
/// in the pipeline: in `riffle serve` that is only handlers that watch what is read. Frames are
/// already complete HTTP/1.1 chunks and the server has no TLS, so the bytes on the wire are the
/// same either way.
package struct EventStreamSocket {
    /// The socket's descriptor, owned by the channel's NIO socket.
    package let descriptor: CInt

    /// A socket found before with ``init(of:)``, by its ``descriptor``, for as long as its channel
    /// is open.
    package init(found descriptor: CInt) {
        self.descriptor = descriptor
    }

    /// The socket under `channel`, or `nil` when the channel lends none. Call it on the channel's
    /// event loop, while the channel is active.
    package init?(of channel: any Channel) {
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
    package func send(_ bytes: ByteBuffer) -> Int {
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
