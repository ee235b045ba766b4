import DeckClient
import Testing

@Suite("Server-Sent Events parser")
struct ServerSentEventParserTests {
    /// Feeds `text` in chunks of every size from 1 byte to the whole, and checks each chunking gives `expected`.
    private func expectEvents(_ text: String, _ expected: [ServerSentEvent], lastEventID: String? = nil) {
        let bytes = Array(text.utf8)
        for size in 1...max(1, bytes.count) {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                events += parser.consume(bytes[start..<end])
                start = end
            }
            #expect(events == expected, "chunks of \(size) bytes")
            if let lastEventID { #expect(parser.lastEventID == lastEventID) }
        }
    }

    @Test("id, event and data; a blank line dispatches; the id persists into later events")
    func fields() {
        expectEvents(
            "id: 1\nevent: deal\ndata: {\"a\": 1}\n\ndata: plain\n\n",
            [
                ServerSentEvent(type: "deal", data: "{\"a\": 1}", lastEventID: "1"),
                ServerSentEvent(type: "message", data: "plain", lastEventID: "1"),
            ], lastEventID: "1")
    }

    @Test("CR LF, CR and LF line endings, also split across chunks")
    func lineEndings() {
        let expected = [
            ServerSentEvent(type: "a", data: "x", lastEventID: "7"),
            ServerSentEvent(type: "b", data: "y", lastEventID: "8"),
            ServerSentEvent(type: "c", data: "z", lastEventID: "9"),
        ]
        expectEvents(
            "id: 7\r\nevent: a\r\ndata: x\r\n\r\nid: 8\revent: b\rdata: y\r\rid: 9\nevent: c\ndata: z\n\n", expected)
    }

    @Test("comments are skipped; several data lines join with line feeds; one leading space is removed")
    func commentsAndMultilineData() {
        expectEvents(
            ": keep-alive\n\ndata:first\ndata:  second\ndata\n: in between\nevent:x\n\n",
            [ServerSentEvent(type: "x", data: "first\n second\n")])
    }

    @Test("an event without data is not dispatched, but its id is kept; a byte-order mark is skipped")
    func noDataAndByteOrderMark() {
        expectEvents(
            "\u{FEFF}id: 3\nevent: nothing\n\nevent: after\ndata: d\n\n",
            [ServerSentEvent(type: "after", data: "d", lastEventID: "3")], lastEventID: "3")
    }

    @Test("an id with NUL is ignored; an empty id clears it; retry takes only digits")
    func idAndRetry() {
        var parser = ServerSentEventParser()
        _ = parser.consume(Array("id: 5\nid: 6\u{0}x\nretry: 250\nretry: 1s\n\n".utf8))
        #expect(parser.lastEventID == "5")
        #expect(parser.reconnectionTime == 250)
        let events = parser.consume(Array("id\ndata: q\n\n".utf8))
        #expect(events == [ServerSentEvent(type: "message", data: "q", lastEventID: "")])
    }

    @Test("a new connection drops the event the old one cut off and keeps the last id")
    func newConnection() {
        var parser = ServerSentEventParser()
        _ = parser.consume(Array("id: 4\nevent: deal\ndata: {}\n\nid: 5\nevent: dea".utf8))
        parser.startNewConnection()
        let events = parser.consume(Array("data: fresh\n\n".utf8))
        #expect(events == [ServerSentEvent(type: "message", data: "fresh", lastEventID: "4")])
        #expect(parser.lastEventID == "4")
    }

    @Test("multi-byte UTF-8 split between chunks")
    func utf8() {
        expectEvents("data: 7♥ é\n\n", [ServerSentEvent(type: "message", data: "7♥ é")])
    }
}
