import Foundation

/// A blocking TCP connection to a loopback port, for tests that need to hold connections open,
/// stall halfway through a request, or watch when the server closes.
///
/// Every call blocks: use it only inside `onOwnThread`. It owns its descriptor (immutable), so it
/// may move between those threads.
final class RawConnection: Sendable {
    let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    ///
    /// - Parameters:
    ///   - receiveTimeoutSeconds: how long one read may wait for bytes.
    ///   - receiveBufferBytes: a fixed size for the socket's receive buffer, for tests of a client
    ///     that does not read (a fixed size also stops the kernel from growing it); `nil` leaves
    ///     the kernel's default.
    ///   - sourceAddress: the loopback address to connect from, such as `127.0.0.2`, so that the
    ///     server sees another client; `nil` lets the kernel pick (`127.0.0.1`).
    init(
        port: Int, receiveTimeoutSeconds: Int = 60, receiveBufferBytes: Int32? = nil, from sourceAddress: String? = nil
    ) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawHTTPError(description: "socket() failed") }
        if let sourceAddress {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            source.sin_addr.s_addr = inet_addr(sourceAddress)
            let bound = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                Glibc.close(descriptor)
                throw RawHTTPError(description: "cannot connect from \(sourceAddress)")
            }
        }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBufferBytes {
            // Before connecting, so that the window the server is offered is already this small.
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw RawHTTPError(description: "cannot connect to port \(port)")
        }
    }

    deinit { Glibc.close(descriptor) }

    /// Sends `text` as it is.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw RawHTTPError(description: "send failed (\(sent))") }
    }

    /// Reads one response whose body length is its `Content-Length`, leaving the connection open.
    func readResponse() throws -> String {
        var received: [UInt8] = []
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let headEnd = text.range(of: "\r\n\r\n") {
                let head = text[..<headEnd.lowerBound].lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length { return text }
            }
            guard let chunk = try receive() else {
                throw RawHTTPError(description: "closed in the middle of a response: \(text)")
            }
            received += chunk
        }
    }

    /// Reads until the server closes the connection.
    ///
    /// - Returns: everything received, or `nil` if the receive timeout passed first.
    func readUntilClosed() throws -> String? {
        let (received, timedOut) = try receiveUntilClosed()
        return timedOut ? nil : received
    }

    /// Reads until the server closes the connection or the receive timeout passes.
    ///
    /// - Returns: everything received, either way.
    func readUntilClosedOrTimeout() throws -> String {
        try receiveUntilClosed().received
    }

    private func receiveUntilClosed() throws -> (received: String, timedOut: Bool) {
        var received: [UInt8] = []
        while true {
            do {
                guard let chunk = try receive() else { return (String(decoding: received, as: UTF8.self), false) }
                received += chunk
            } catch let error as RawHTTPError where error.description == "timeout" {
                return (String(decoding: received, as: UTF8.self), true)
            }
        }
    }

    /// Closes the connection from this side.
    func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes this side's sending half only (the server reads the end of the request stream).
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// What one read from the connection brought.
    enum Chunk {
        case bytes([UInt8])
        /// The server closed the connection (end of stream).
        case closed
        /// The server reset the connection.
        case reset
    }

    /// The next bytes, or how the connection ended: for tests that must say which.
    func receiveChunk() throws -> Chunk {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count == 0 { return .closed }
        if errno == ECONNRESET { return .reset }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw RawHTTPError(description: "timeout") }
        throw RawHTTPError(description: "recv failed: errno \(errno)")
    }

    /// The next bytes, or `nil` when the server closed (or reset) the connection.
    func receive() throws -> [UInt8]? {
        if case .bytes(let bytes) = try receiveChunk() { return bytes }
        return nil
    }

    /// The next bytes, or `nil` when the server closed (or reset) the connection; waits no later
    /// than `deadline` (then throws the `"timeout"` error), whatever the receive timeout.
    func receive(before deadline: ContinuousClock.Instant) throws -> [UInt8]? {
        let left = deadline - ContinuousClock.now
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            clamping: max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
        var ready: Int32
        repeat { ready = poll(&polled, 1, milliseconds) } while ready < 0 && errno == EINTR
        guard ready > 0 else { throw RawHTTPError(description: "timeout") }
        return try receive()
    }
}

/// Waits until the server has closed each of `connections`, and says when.
///
/// - Parameters:
///   - connections: open connections.
///   - giveUpAfter: how long to wait in all.
/// - Returns: for each connection, in order, what it received and when it was closed (`nil` if it
///   was still open when the wait ended).
func waitForClosing(
    _ connections: [RawConnection], giveUpAfter: Duration
) -> [(received: String, closedAt: ContinuousClock.Instant?)] {
    let clock = ContinuousClock()
    let end = clock.now + giveUpAfter
    var results = connections.map { _ in (received: [UInt8](), closedAt: ContinuousClock.Instant?.none) }
    var open = Set(connections.indices)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !open.isEmpty, clock.now < end {
        let order = Array(open)
        var polled = order.map { pollfd(fd: connections[$0].descriptor, events: Int16(POLLIN), revents: 0) }
        let remaining = end - clock.now
        let milliseconds = Int32(
            max(1, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
        guard poll(&polled, nfds_t(polled.count), milliseconds) > 0 else { continue }
        for (position, entry) in polled.enumerated() where entry.revents != 0 {
            let index = order[position]
            let count = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                results[index].received += buffer[0..<count]
            } else if count == 0 || errno == ECONNRESET {
                results[index].closedAt = clock.now
                open.remove(index)
            }
        }
    }
    return results.map { (String(decoding: $0.received, as: UTF8.self), $0.closedAt) }
}
