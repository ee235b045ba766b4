import HTTPTypes
import Synchronization
import TableCore

/// The shared, locked home of one server's ``EventStreamQuota``: hands out a slot per events
/// stream, and takes it back exactly once when the stream ends.
package final class EventStreamSlots: Sendable {
    private let quota: Mutex<EventStreamQuota>
    /// How long a refused client is told to wait (`Retry-After`, in seconds).
    package let retryAfterSeconds: Int

    /// - Parameters:
    ///   - limits: the caps.
    ///   - retryAfterSeconds: the `Retry-After` of a refusal; at least 1.
    package init(limits: EventStreamQuota.Limits, retryAfterSeconds: Int) {
        quota = Mutex(EventStreamQuota(limits: limits))
        self.retryAfterSeconds = max(1, retryAfterSeconds)
    }

    /// The streams open in all, for tests and metrics.
    package var openStreams: Int { quota.withLock { $0.openStreams } }

    /// Takes a slot for a stream of `client`.
    ///
    /// - Returns: the slot; release it when the stream ends (releasing twice is harmless).
    /// - Throws: the `APIError` that refuses the stream: 429 over the client's cap, 503 over the
    ///   server's, each with `Retry-After`.
    package func take(for client: String) throws(APIError) -> EventStreamSlot {
        switch quota.withLock({ $0.streamRequested(by: client) }) {
        case .open:
            return EventStreamSlot(client: client, slots: self)
        case .refuseClient(let limit):
            throw APIError(
                status: .tooManyRequests,
                message: "This address already has \(limit) event streams open, the most allowed; close one "
                    + "before opening another.", retryAfterSeconds: retryAfterSeconds)
        case .refuseServer(let limit):
            throw APIError(
                status: .serviceUnavailable,
                message: "The server has \(limit) event streams open, the most it allows; retry shortly.",
                retryAfterSeconds: retryAfterSeconds)
        }
    }

    fileprivate func release(for client: String) {
        quota.withLock { $0.streamEnded(for: client) }
    }
}

/// One events stream's place in ``EventStreamSlots``.
package final class EventStreamSlot: Sendable {
    private let client: String
    private let slots: EventStreamSlots
    private let released = Atomic(false)

    fileprivate init(client: String, slots: EventStreamSlots) {
        self.client = client
        self.slots = slots
    }

    /// Gives the place back; only the first call counts, so every way a stream can end may call it.
    package func release() {
        guard !released.exchange(true, ordering: .relaxed) else { return }
        slots.release(for: client)
    }
}
