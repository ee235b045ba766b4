/// Reads a Server-Sent Events stream (`text/event-stream`) incrementally, as its bytes arrive.
///
/// Follows the HTML standard's parsing rules: lines end with CR LF, LF or CR (also when a CR LF is
/// split between two chunks); a leading byte-order mark is skipped; lines starting with `:` are
/// comments; a blank line dispatches the event gathered so far, and an event without data is not
/// dispatched; `id:` takes effect at the blank line ending its event and persists across events (a
/// value with NUL is ignored), so an event cut off by a dropped connection does not move
/// ``lastEventID``; `retry:` with only digits sets ``reconnectionTime``.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// let events = parser.consume(Array("id: 7\nevent: deal\ndata: {}\n\n".utf8))
/// events[0].type            // "deal"
/// events[0].lastEventID     // "7"
/// ```
public struct ServerSentEventParser: Sendable {
    /// The id of the last event dispatched (set by `id:`, taking effect at the event's blank line); sent back
    /// as `Last-Event-ID` on reconnecting.
    public private(set) var lastEventID = ""
    /// The reconnection delay the server asked for with `retry:`, in milliseconds.
    public private(set) var reconnectionTime: Int?

    private var idBuffer = ""
    private var line: [UInt8] = []
    private var afterCarriageReturn = false
    private var atStreamStart = true
    private var eventType = ""
    private var data = ""
    private var hasData = false

    /// Creates a parser at the start of a stream.
    public init() {}

    /// Starts reading a new connection's stream: an event cut off by the old connection is dropped;
    /// ``lastEventID`` and ``reconnectionTime`` are kept, as the standard has them.
    public mutating func startNewConnection() {
        line.removeAll()
        idBuffer = lastEventID
        afterCarriageReturn = false
        atStreamStart = true
        eventType = ""
        data = ""
        hasData = false
    }

    /// Feeds the next bytes of the stream.
    ///
    /// - Parameter bytes: the bytes, in any chunking.
    /// - Returns: the events completed by these bytes, in order.
    /// - Complexity: O(*n*) in the number of bytes.
    public mutating func consume<Bytes: Sequence>(_ bytes: Bytes) -> [ServerSentEvent] where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0D:
                afterCarriageReturn = true
                if let event = endLine() { events.append(event) }
            case 0x0A:
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    /// Processes one complete line (without its ending).
    private mutating func endLine() -> ServerSentEvent? {
        var text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if atStreamStart {
            atStreamStart = false
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value.removeFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event":
            eventType = String(value)
        case "data":
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id":
            if !value.contains("\u{0}") { idBuffer = String(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value) {
                reconnectionTime = milliseconds
            }
        default:
            break
        }
        return nil
    }

    /// A blank line: the id takes effect, and the gathered event is dispatched if it has data; the fields
    /// start over either way.
    private mutating func dispatch() -> ServerSentEvent? {
        lastEventID = idBuffer
        defer {
            eventType = ""
            data = ""
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(type: eventType.isEmpty ? "message" : eventType, data: data, lastEventID: lastEventID)
    }
}
