import NIOCore
import Synchronization

/// One open events stream: a bounded mailbox of frames from the ``EventHub`` and the way to close
/// the subscriber's connection.
///
/// The mailbox keeps at most ``capacity`` deliveries. A subscriber whose connection cannot take
/// frames as fast as they come fills it; the next delivery then closes the connection instead of
/// being buffered (the client resumes with `Last-Event-ID`), so no subscriber holds memory without
/// bound. The stream's writer takes everything waiting at once (``next()``), so a subscriber that
/// fell behind catches up with one write instead of one per event.
final class EventSubscriber: Sendable {
    /// What the hub hands a subscriber.
    enum Delivery: Sendable {
        /// An event already rendered for this subscriber's view.
        case frame(number: Int64, bytes: ByteBuffer)
        /// Time for a comment line that keeps proxies from closing the stream.
        case heartbeat
    }

    private struct Mailbox {
        var queued: [Delivery] = []
        var waiter: CheckedContinuation<[Delivery]?, Never>?
        var finished = false
    }

    /// A subscriber's identity within the hub.
    let id: UInt64
    /// The deck.
    let deckID: String
    /// The subscriber's player name, `nil` for a spectator.
    let viewer: String?
    private let capacity: Int
    private let mailbox = Mutex(Mailbox())
    private let closeConnection: @Sendable () -> Void

    /// - Parameters:
    ///   - id: unique within the hub.
    ///   - deckID: the deck.
    ///   - viewer: the player name, or `nil`.
    ///   - capacity: the most deliveries waiting at once.
    ///   - closeConnection: closes the subscriber's connection.
    init(
        id: UInt64, deckID: String, viewer: String?, capacity: Int, closeConnection: @escaping @Sendable () -> Void
    ) {
        self.id = id
        self.deckID = deckID
        self.viewer = viewer
        self.capacity = max(1, capacity)
        self.closeConnection = closeConnection
    }

    /// Hands over a delivery.
    ///
    /// - Returns: `false` when the subscriber is gone or could not keep up (and is now disconnected).
    @discardableResult
    func deliver(_ delivery: Delivery) -> Bool {
        enum Outcome {
            case queued, handedOver(CheckedContinuation<[Delivery]?, Never>), overflowed(
                CheckedContinuation<[Delivery]?, Never>?), gone
        }
        let outcome = mailbox.withLock { mailbox -> Outcome in
            if mailbox.finished { return .gone }
            if let waiter = mailbox.waiter {
                mailbox.waiter = nil
                return .handedOver(waiter)
            }
            guard mailbox.queued.count < capacity else {
                mailbox.finished = true
                mailbox.queued = []
                return .overflowed(nil)
            }
            mailbox.queued.append(delivery)
            return .queued
        }
        switch outcome {
        case .queued:
            return true
        case .handedOver(let waiter):
            waiter.resume(returning: [delivery])
            return true
        case .overflowed(let waiter):
            waiter?.resume(returning: nil)
            closeConnection()
            return false
        case .gone:
            return false
        }
    }

    /// Everything waiting, once something is; `nil` when the stream has ended (or its task was
    /// cancelled).
    func next() async -> [Delivery]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[Delivery]?, Never>) in
                let ready = mailbox.withLock { mailbox -> [Delivery]?? in
                    if !mailbox.queued.isEmpty {
                        defer { mailbox.queued = [] }
                        return .some(mailbox.queued)
                    }
                    if mailbox.finished { return .some(nil) }
                    mailbox.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// Ends the stream: its writer finishes the response after what is already queued.
    func finish() {
        let waiter = mailbox.withLock { mailbox -> CheckedContinuation<[Delivery]?, Never>? in
            mailbox.finished = true
            defer { mailbox.waiter = nil }
            return mailbox.waiter
        }
        waiter?.resume(returning: nil)
    }
}
