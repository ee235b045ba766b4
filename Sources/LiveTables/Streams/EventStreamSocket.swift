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
/// pending writes); a direct send touches the stream's connection, the channel, its pipeline and
/// its socket (`docs/PERFORMANCE.md` has the figures).
///
/// **Only inside NIO's scope.** Each send borrows the descriptor through NIO's public API,
/// `ChannelPipeline.SynchronousOperations.withUnsafeTransportIfAvailable(of:_:)`, and uses it only
/// inside that call's closure: NIO lends a socket channel's descriptor only while the socket is
/// open (`BaseSocket.withUnsafeHandle` throws once it is closed), and it closes sockets only on the
/// channel's event loop, where the send runs too. So a send never reaches a closed descriptor, or
/// one that the system has since given to another connection. A channel that lends nothing (not a
/// socket channel, or one whose pipeline has been torn down) takes no direct send: its frames go
/// through NIO.
///
/// **Only when nothing below changes bytes.** A direct send skips every handler below the stream's
/// ``EventStreamHandler/SocketSide``, so it is allowed only once ``EventStreamPipelineProbe`` has
/// found that those handlers pass the stream's bytes to the socket unchanged (with TLS, say, they
/// would not, and every frame goes through NIO).
///
/// **Only in order.** Direct sends are allowed only while NIO holds none of the stream's writes,
/// and the first of those writes that fails stops them for good (NIO fails the writes it holds when
/// it closes the socket, before the channel goes inactive): a frame never overtakes bytes queued in
/// NIO.
enum EventStreamSocket {
    /// Whether `channel` lends its socket. Call it on the channel's event loop.
    static func isLent(by channel: any Channel) -> Bool {
        let lent = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
            $0 >= 0
        }
        return lent == true
    }

    /// Sends as much of `bytes` as the socket of `channel` takes now, without waiting. Call it on
    /// the channel's event loop.
    ///
    /// - Returns: how many bytes were sent: fewer than all when the socket's buffer is full, none
    ///   when the channel lends no open socket or the send failed (NIO then meets the same error
    ///   when it writes the rest, and closes the connection as it does for any failed write).
    static func send(_ bytes: ByteBuffer, on channel: any Channel) -> Int {
        let sent = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
            descriptor in send(bytes, to: descriptor)
        }
        return sent ?? 0
    }

    /// Sends as much of `bytes` to `descriptor` as it takes now; only inside NIO's scope.
    private static func send(_ bytes: ByteBuffer, to descriptor: NIOBSDSocket.Handle) -> Int {
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
