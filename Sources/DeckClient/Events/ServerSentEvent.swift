/// One event of a Server-Sent Events stream, as ``ServerSentEventParser`` dispatches it.
public struct ServerSentEvent: Hashable, Sendable {
    /// The `event:` field, or `"message"` when the event named none.
    public var type: String
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The last `id:` the stream sent, up to and including this event (empty when none yet).
    public var lastEventID: String

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - type: the event type.
    ///   - data: the data.
    ///   - lastEventID: the stream's last event id.
    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}
