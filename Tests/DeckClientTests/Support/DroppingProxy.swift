import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP proxy in front of a test server whose connections a test can cut, as a network would.
///
/// It can also lose answers (``dropAnswers(_:)``: the request reaches the server, its answer never
/// reaches the client) and keeps every byte clients sent (``requestText``).
///
/// `@unchecked Sendable`: its mutable state (`open`, `refusing`, `accepted`, `answersToDrop`,
/// `fromClients`) is read and written only while `lock` is held; the rest is immutable.
final class DroppingProxy: @unchecked Sendable {
    /// The port the proxy listens on (loopback).
    let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var open: Set<Int32> = []
    private var refusing = false
    private var accepted = 0
    private var answersToDrop = 0
    private var fromClients: [UInt8] = []

    /// Starts listening on an ephemeral port, forwarding to `upstreamPort` on loopback.
    init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// How many connections the proxy has accepted so far.
    var connectionCount: Int { lock.withLock { accepted } }

    /// Cuts every open connection, both ways.
    ///
    /// The sockets are shut down while `lock` is held: a connection's threads take the lock to
    /// forget its sockets before they close them, so a number shut down here is still that
    /// connection's. Outside the lock, a number closed meanwhile could already name another
    /// test's socket in this process, and cutting it would break that test.
    func dropConnections() {
        lock.withLock {
            for socket in open { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    /// Loses the next `count` answers: each is read from the server and thrown away, and its
    /// connection cut, as a network that fails after the request arrived would.
    func dropAnswers(_ count: Int) {
        lock.withLock { answersToDrop += count }
    }

    /// Everything clients have sent through the proxy so far, as text (request heads and bodies).
    var requestText: String { lock.withLock { String(decoding: fromClients, as: UTF8.self) } }

    /// While set, new connections are closed as soon as they are accepted.
    func refuseConnections(_ refuse: Bool) {
        lock.withLock { refusing = refuse }
    }

    /// Stops listening and cuts every connection.
    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        dropConnections()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let refuse = lock.withLock {
                accepted += 1
                return refusing
            }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: upstreamPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if refuse || connected != 0 {
                closeSocket(client)
                closeSocket(upstream)
                continue
            }
            lock.withLock {
                open.insert(client)
                open.insert(upstream)
            }
            let finished = FinishedCount()
            for (from, to, isAnswer) in [(client, upstream, false), (upstream, client, true)] {
                Thread { [self] in
                    pump(from: from, to: to, carriesAnswers: isAnswer)
                    if finished.increment() == 2 {
                        lock.withLock {
                            open.remove(client)
                            open.remove(upstream)
                        }
                        closeSocket(client)
                        closeSocket(upstream)
                    }
                }.start()
            }
        }
    }

    /// Copies bytes one way until either side closes, then shuts both down.
    ///
    /// - Parameter carriesAnswers: whether this is the server-to-client way (where answers may be
    ///   dropped); the other way's bytes are kept for ``requestText``.
    private func pump(from source: Int32, to destination: Int32, carriesAnswers: Bool) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            let drops = lock.withLock { () -> Bool in
                guard carriesAnswers else {
                    fromClients += buffer[0..<count]
                    return false
                }
                guard answersToDrop > 0 else { return false }
                answersToDrop -= 1
                return true
            }
            if drops { break }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes {
                    send(destination, $0.baseAddress! + sent, count - sent, sendFlags)
                }
                if written <= 0 { break }
                sent += written
            }
            if sent < count { break }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// Counts the two pump threads of a connection finishing.
///
/// `@unchecked Sendable`: `count` is only touched while `lock` is held.
private final class FinishedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
}

private func closeSocket(_ socket: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(socket)
    #else
        _ = Darwin.close(socket)
    #endif
}

#if canImport(Glibc)
    /// No SIGPIPE when the other side has gone.
    private let sendFlags = Int32(MSG_NOSIGNAL)
#else
    private let sendFlags: Int32 = 0
#endif
