import NIOCore
import Synchronization

/// One open events stream: where the ``EventHub`` delivers its frames, and the way to close the
/// subscriber's connection.
///
/// A stream starts with a mailbox: while its writer sends the opening (`hello`, or the missed
/// events of a resumed stream), deliveries wait there. The mailbox keeps at most ``capacity``
/// deliveries; the next one closes the connection instead of being buffered (the client resumes
/// with `Last-Event-ID`), so no subscriber holds memory without bound. The writer takes everything
/// waiting at once (``next()``), so a subscriber that fell behind catches up with one write
/// instead of one per event.
///
/// Once the mailbox is empty the writer hands the stream an ``EventStreamOutlet``
/// (``sendDirectly(through:after:)``): from then on each delivery goes straight to the
/// connection's event loop, in order, with no task woken per frame. Frames already sent are
/// skipped; a frame that skips ahead (which the hub's in-order delivery does not produce) ends the
/// stream, and the client resumes from what it has.
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
        /// Where deliveries go once the stream writes directly.
        var outlet: EventStreamOutlet?
        /// The number of the last event sent, in direct mode.
        var lastSent: Int64 = 0
    }

    /// The comment line that keeps an idle stream open.
    static let heartbeatFrame = ByteBuffer(string: ": keep-alive\n\n")

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
    /// - Parameter directWrites: where a stream that writes directly puts its frame, to be handed to
    ///   its event loop together with other streams' frames; `nil` writes it at once.
    /// - Returns: `false` when the subscriber is gone or could not keep up (and is now disconnected).
    @discardableResult
    func deliver(_ delivery: Delivery, directWrites: DirectFrameWrites? = nil) -> Bool {
        enum Outcome {
            case queued, handedOver(CheckedContinuation<[Delivery]?, Never>), overflowed(
                CheckedContinuation<[Delivery]?, Never>?), gone, direct(EventStreamOutlet, ByteBuffer)
        }
        let outcome = mailbox.withLock { mailbox -> Outcome in
            if mailbox.finished { return .gone }
            if let outlet = mailbox.outlet {
                let frame: ByteBuffer
                switch delivery {
                case .heartbeat:
                    frame = Self.heartbeatFrame
                case .frame(let number, let bytes):
                    if number <= mailbox.lastSent { return .queued }
                    guard number == mailbox.lastSent + 1 else {
                        mailbox.finished = true
                        let waiter = mailbox.waiter
                        mailbox.waiter = nil
                        return .overflowed(waiter)
                    }
                    frame = bytes
                    mailbox.lastSent = number
                }
                if directWrites != nil { return .direct(outlet, frame) }
                // Written inside the lock, so frames reach the event loop in order. (Gathered frames
                // keep their order too: one fan-out at a time per deck hands them over in order.)
                outlet.write(frame)
                return .queued
            }
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
        case .direct(let outlet, let frame):
            directWrites?.add(frame, for: outlet)
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

    /// Switches the stream to writing directly through `outlet`, unless deliveries are waiting
    /// (the writer sends those first, then tries again) or the stream has ended.
    ///
    /// - Parameter lastSent: the number of the last event the writer has sent.
    /// - Returns: whether the stream now writes directly (wait for its end with ``next()``, which
    ///   then returns `nil`).
    func sendDirectly(through outlet: EventStreamOutlet, after lastSent: Int64) -> Bool {
        mailbox.withLock { mailbox in
            guard mailbox.queued.isEmpty, !mailbox.finished else { return false }
            mailbox.outlet = outlet
            mailbox.lastSent = lastSent
            return true
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
