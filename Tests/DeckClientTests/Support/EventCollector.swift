import DeckClient
import RiffleTestSupport

/// Iterates a ``DeckEventStream`` in a task of its own, so that a test can wait for its next event
/// with a bound: the stream reconnects by itself and the server's keep-alive comments keep each
/// connection open, so an iterator's `next()` alone would wait for ever for an event that never
/// comes.
///
/// ```swift
/// let events = EventCollector(client.events(deckID: id))
/// defer { events.stop() }
/// let hello = try await events.next("the hello event")
/// ```
final class EventCollector: Sendable {
    private let inbox = EventInbox()
    private let task: Task<Void, Never>

    /// Starts iterating `stream`.
    init(_ stream: DeckEventStream) {
        let inbox = inbox
        task = Task {
            do {
                for try await event in stream { await inbox.received(event) }
                await inbox.ended(nil)
            } catch {
                await inbox.ended(error)
            }
        }
    }

    /// The next event, waiting at most ``testWaitLimit`` for it.
    ///
    /// - Parameter what: what the event is, for the failure message.
    /// - Throws: what the stream threw (such as the server's refusal), ``WaitTimedOut`` naming
    ///   `what`, or ``EventStreamEnded`` when the stream ended first.
    func next(_ what: String) async throws -> DeckEvent {
        let inbox = inbox
        return try await waitFor(what, upTo: testWaitLimit) { try await inbox.next() }
    }

    /// Stops iterating (which closes the stream's connection).
    func stop() { task.cancel() }
}

/// The stream ended without the awaited event.
struct EventStreamEnded: Error, CustomStringConvertible {
    var description: String { "the event stream ended" }
}

/// The events an ``EventCollector`` received and not yet handed out, and who waits for them.
private actor EventInbox {
    private var events: [DeckEvent] = []
    private var end: (any Error)?
    private var isEnded = false
    private var waiter: CheckedContinuation<DeckEvent, any Error>?

    func received(_ event: DeckEvent) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: event)
        } else {
            events.append(event)
        }
    }

    func ended(_ error: (any Error)?) {
        isEnded = true
        end = error
        if let waiter {
            self.waiter = nil
            waiter.resume(throwing: error ?? EventStreamEnded())
        }
    }

    func next() async throws -> DeckEvent {
        if !events.isEmpty { return events.removeFirst() }
        if isEnded { throw end ?? EventStreamEnded() }
        return try await withCheckedThrowingContinuation { waiter = $0 }
    }
}
