import Foundation
import RiffleTestSupport

/// A Server-Sent Events subscriber over a raw socket, keeping every byte it receives so tests can
/// check them for leaks. Its calls block: use it through `onOwnThread`.
final class EventStreamReader: Sendable {
    /// One parsed event.
    struct Event: Hashable, Sendable {
        let id: Int64?
        let kind: String
        let data: String

        var object: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
        }
    }

    private let connection: RawConnection
    private let buffer = LockedBuffer()
    /// The status line and headers.
    let head: String

    /// Opens a request (`GET <path>` by default) with the given headers and reads the response head.
    ///
    /// - Parameters:
    ///   - receiveBufferBytes: a small fixed receive buffer, for a subscriber that does not read.
    ///   - sourceAddress: the loopback address to connect from (another client), or `nil`.
    init(
        port: Int, path: String, headers: [String: String] = [:], method: String = "GET",
        receiveBufferBytes: Int32? = nil, from sourceAddress: String? = nil
    ) throws {
        connection = try RawConnection(
            port: port, receiveTimeoutSeconds: 60, receiveBufferBytes: receiveBufferBytes, from: sourceAddress)
        var request = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += name + ": " + value + "\r\n" }
        try connection.send(request + "\r\n")
        var received: [UInt8] = []
        while true {
            switch try connection.receiveChunk() {
            case .bytes(let bytes): received += bytes
            case .closed: throw TableTestError("closed before the head, after \(received.count) bytes")
            case .reset: throw TableTestError("reset before the head, after \(received.count) bytes")
            }
            if let end = Self.find([13, 10, 13, 10], in: received) {
                head = String(decoding: received[..<end], as: UTF8.self)
                buffer.appendRaw(Array(received[(end + 4)...]))
                break
            }
        }
    }

    /// Opens a stream of `deckID`'s events for a client that does not read: a small fixed
    /// receive buffer, so the server soon sees it fall behind (with the kernel's own, grown on
    /// some machines to more than a test sends, it never would).
    static func notReading(port: Int, deckID: String) async throws -> EventStreamReader {
        try await onOwnThread {
            try EventStreamReader(port: port, path: "/api/deck/\(deckID)/events/", receiveBufferBytes: 4096)
        }
    }

    /// The status code.
    var status: Int { Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0 }

    /// A header field's value (the name in any case), or `nil`.
    func header(_ name: String) -> String? {
        let prefix = name.lowercased() + ":"
        return head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(prefix) }
            .map { $0.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) }
    }

    /// Everything received after the head, de-chunked, as text.
    var text: String { buffer.text }

    /// How long a wait for events may take, from the moment the wait starts: the server's
    /// keep-alive comments keep the socket busy, so the socket's own timeout alone would never end
    /// a wait for an event that never comes.
    static let eventWaitLimit: Duration = .seconds(60)

    /// Reads until `count` events (comments excluded) have arrived in all, or the server closes.
    ///
    /// - Returns: every event received so far.
    /// - Throws: when they have not all arrived within ``eventWaitLimit``, saying what was received.
    func events(atLeast count: Int) throws -> [Event] {
        try events(until: { _ in false }, orCount: count, describing: "\(count) events")
    }

    /// Reads until an event satisfies `done`, or the server closes.
    ///
    /// - Returns: every event received so far.
    /// - Throws: when no such event has arrived within ``eventWaitLimit``.
    func events(until done: (Event) -> Bool) throws -> [Event] {
        try events(until: done, orCount: Int.max, describing: "the awaited event")
    }

    private func events(until done: (Event) -> Bool, orCount count: Int, describing what: String) throws -> [Event] {
        let deadline = ContinuousClock.now + Self.eventWaitLimit
        while buffer.events.count < count && !buffer.events.contains(where: done) {
            guard let chunk = try receive(before: deadline, waitingFor: what) else { break }
            buffer.appendRaw(chunk)
        }
        return buffer.events
    }

    /// Reads until a comment line arrives.
    ///
    /// - Returns: `false` when the server closed the stream first.
    /// - Throws: when none has arrived within ``eventWaitLimit``.
    func waitForComment() throws -> Bool {
        let deadline = ContinuousClock.now + Self.eventWaitLimit
        while !buffer.text.contains("\n: ") && !buffer.text.hasPrefix(": ") {
            guard let chunk = try receive(before: deadline, waitingFor: "a comment line") else { return false }
            buffer.appendRaw(chunk)
        }
        return true
    }

    /// Reads until the server ends the stream: its body ends (the connection may stay open for
    /// another request) or the connection closes.
    ///
    /// - Returns: every event received.
    /// - Throws: when the server has not ended it within ``eventWaitLimit`` (heartbeats would
    ///   otherwise keep the wait going for ever).
    func readUntilClosed() throws -> [Event] {
        let deadline = ContinuousClock.now + Self.eventWaitLimit
        while !buffer.bodyEnded,
            let chunk = try receive(before: deadline, waitingFor: "the server to end the stream")
        {
            buffer.appendRaw(chunk)
        }
        return buffer.events
    }

    private func receive(before deadline: ContinuousClock.Instant, waitingFor what: String) throws -> [UInt8]? {
        do {
            return try connection.receive(before: deadline)
        } catch let error as RawHTTPError where error.description == "timeout" {
            throw TableTestError(
                "\(what) did not arrive within \(Self.eventWaitLimit); received: \(buffer.text.suffix(500))")
        }
    }

    /// Drops the connection from this side.
    func close() { connection.shutDown() }

    /// Sends more on the stream's connection, as a client that goes on talking would.
    func send(_ text: String) throws { try connection.send(text) }

    /// Closes only this side's sending half: the client has finished sending, and could still read.
    func finishSending() { connection.finishSending() }

    /// Whether the stream's last chunk has arrived: the server ended its response.
    var bodyEnded: Bool { buffer.bodyEnded }

    /// Reads until the server closes the connection, keeping what arrives.
    ///
    /// - Returns: `false` when it is still open after ``eventWaitLimit``.
    func waitForClose() throws -> Bool {
        let deadline = ContinuousClock.now + Self.eventWaitLimit
        do {
            while let chunk = try connection.receive(before: deadline) { buffer.appendRaw(chunk) }
            return true
        } catch let error as RawHTTPError where error.description == "timeout" {
            return false
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count)
        where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}

/// The received bytes: de-chunks `Transfer-Encoding: chunked` and parses events as they complete.
private final class LockedBuffer: @unchecked Sendable {
    // Only ever used by the one thread that drives its reader (see EventStreamReader), under a lock anyway.
    private let lock = NSLock()
    private var raw: [UInt8] = []
    private var body: [UInt8] = []
    private var parsed: [EventStreamReader.Event] = []
    private var parsedUpTo = 0
    private var ended = false

    var text: String { lock.withLock { String(decoding: body, as: UTF8.self) } }
    var events: [EventStreamReader.Event] { lock.withLock { parsed } }
    /// Whether the chunked body's last (empty) chunk has arrived.
    var bodyEnded: Bool { lock.withLock { ended } }

    func appendRaw(_ bytes: [UInt8]) {
        lock.withLock {
            raw += bytes
            dechunk()
            parse()
        }
    }

    private func dechunk() {
        while let lineEnd = EventStreamReader.find([13, 10], in: raw) {
            let sizeText = String(decoding: raw[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return }
            let start = lineEnd + 2
            guard raw.count >= start + size + 2 else { return }
            if size == 0 { ended = true }
            body += raw[start..<(start + size)]
            raw.removeFirst(start + size + 2)
        }
    }

    private func parse() {
        let text = String(decoding: body[parsedUpTo...], as: UTF8.self)
        var consumed = 0
        for block in text.components(separatedBy: "\n\n").dropLast() {
            consumed += block.utf8.count + 2
            var id: Int64?
            var kind = "message"
            var data: [String] = []
            var isEvent = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { continue }
                isEvent = true
                if line.hasPrefix("id: ") { id = Int64(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { kind = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            if isEvent {
                parsed.append(EventStreamReader.Event(id: id, kind: kind, data: data.joined(separator: "\n")))
            }
        }
        parsedUpTo += consumed
    }
}
