import NIOCore

/// One open events stream: a bounded mailbox of frames from the ``EventHub`` and the way to close
/// the subscriber's connection.
///
/// The mailbox keeps at most ``capacity`` frames. A subscriber whose connection cannot take frames
/// as fast as they come fills it; the next frame then closes the connection instead of being
/// buffered (the client resumes with `Last-Event-ID`), so no subscriber holds memory without bound.
final class EventSubscriber: Sendable {
    /// What the hub hands a subscriber.
    enum Delivery: Sendable {
        /// An event already rendered for this subscriber's view.
        case frame(number: Int64, bytes: ByteBuffer)
        /// Time for a comment line that keeps proxies from closing the stream.
        case heartbeat
    }

    /// A subscriber's identity within the hub.
    let id: UInt64
    /// The deck.
    let deckID: String
    /// The subscriber's player name, `nil` for a spectator.
    let viewer: String?
    /// The frames, in order, for the stream's writer.
    let deliveries: AsyncStream<Delivery>
    private let continuation: AsyncStream<Delivery>.Continuation
    private let closeConnection: @Sendable () -> Void

    /// - Parameters:
    ///   - id: unique within the hub.
    ///   - deckID: the deck.
    ///   - viewer: the player name, or `nil`.
    ///   - capacity: the most frames waiting at once.
    ///   - closeConnection: closes the subscriber's connection.
    init(
        id: UInt64, deckID: String, viewer: String?, capacity: Int, closeConnection: @escaping @Sendable () -> Void
    ) {
        self.id = id
        self.deckID = deckID
        self.viewer = viewer
        let (deliveries, continuation) = AsyncStream.makeStream(
            of: Delivery.self, bufferingPolicy: .bufferingOldest(capacity))
        self.deliveries = deliveries
        self.continuation = continuation
        self.closeConnection = closeConnection
    }

    /// Hands over a delivery.
    ///
    /// - Returns: `false` when the subscriber is gone or could not keep up (and is now disconnected).
    @discardableResult
    func deliver(_ delivery: Delivery) -> Bool {
        switch continuation.yield(delivery) {
        case .enqueued: return true
        case .dropped:
            finish()
            closeConnection()
            return false
        case .terminated: return false
        @unknown default: return false
        }
    }

    /// Ends the stream: its writer finishes the response after what is already queued.
    func finish() {
        continuation.finish()
    }
}
