import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The TCP socket under a handed-over events stream, to which its ``EventStreamConnection`` sends
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
/// **Finding the descriptor.** NIO has no public API for a channel's descriptor. Its socket
/// channels name it in their description (`fd=N`), and the number read there is used only once
/// checked: the socket with that number must have the channel's own local and remote TCP
/// addresses, which no other open socket of the process can share. When either step fails (a
/// Unix-domain or other transport, a description that reads differently in another NIO), there is
/// no direct socket and every frame goes through NIO, as it did before.
///
/// **Why a send never reaches the wrong connection.** The descriptor stays the channel's until NIO
/// closes it, which happens on the channel's event loop; NIO then fires `channelInactive` before
/// anything else queued on that loop runs (in between it only fails the writes NIO still held, and
/// direct sends are allowed only while NIO holds none of the stream's). The handler withdraws its
/// permission at `channelInactive`, and frames are sent only on the event loop, so none is ever
/// sent to a descriptor that has been closed, and perhaps reused by a new connection.
///
/// **What the direct path skips.** Everything below the handler's ``EventStreamHandler/SocketSide``
/// in the pipeline: in `riffle serve` that is only handlers that watch what is read. Frames are
/// already complete HTTP/1.1 chunks and the server has no TLS, so the bytes on the wire are the
/// same either way.
struct EventStreamSocket {
    /// The socket's descriptor, owned by the channel's NIO socket.
    let descriptor: CInt

    /// A socket found before with ``init(of:)``, by its ``descriptor``, for as long as its channel
    /// is open.
    init(found descriptor: CInt) {
        self.descriptor = descriptor
    }

    /// The socket under `channel`, or `nil` when it cannot be found and checked. Call it on the
    /// channel's event loop, while the channel is active.
    init?(of channel: any Channel) {
        guard let local = channel.localAddress, let remote = channel.remoteAddress,
            let descriptor = Self.describedDescriptor(of: channel),
            Self.address(of: descriptor, peer: false) == local,
            Self.address(of: descriptor, peer: true) == remote
        else { return nil }
        self.descriptor = descriptor
    }

    /// The number after `fd=` in the channel's description.
    private static func describedDescriptor(of channel: any Channel) -> CInt? {
        let description = String(describing: channel)
        guard let marker = description.range(of: "fd=") else { return nil }
        let digits = description[marker.upperBound...].prefix(while: \.isNumber)
        return CInt(digits)
    }

    /// The TCP address at one end of the socket with this descriptor, if it is a TCP socket.
    private static func address(of descriptor: CInt, peer: Bool) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(descriptor, $0, &length) : getsockname(descriptor, $0, &length)
            }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafeBytes(of: storage) { SocketAddress($0.load(as: sockaddr_in.self)) }
        case AF_INET6:
            return withUnsafeBytes(of: storage) { SocketAddress($0.load(as: sockaddr_in6.self)) }
        default:
            return nil
        }
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
    #if canImport(Glibc)
        send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, bytes, count, 0)
    #endif
}
