import NIOCore

/// When a connection has waited too long for its client: the time limits for receiving a request's
/// head and body, and for an idle keep-alive connection, as a value-type state machine.
///
/// Time is an input: each event carries the moment it happened, and ``deadline`` says when the
/// host must call ``timerFired(at:)``. A limit runs only while the server waits for the client:
/// never while a request is being answered, and the next request's limits start once the answer
/// is written (the server reads no further while it answers, so a pipelined client is not blamed
/// for the server's own time). The head limit is a total: bytes that trickle in do not extend it.
struct ConnectionDeadlines: Equatable {
    /// The three limits.
    struct Limits: Equatable {
        /// From the first byte of a request to the end of its head.
        var requestHead: TimeAmount
        /// From the end of a request's head to the end of its body.
        var requestBody: TimeAmount
        /// From the end of the last answer (or the connection's opening) to the next request's first byte.
        var idle: TimeAmount
    }

    /// What the host must do when a timer fires.
    enum Expiry: Equatable {
        /// Nothing has expired; wait for the next ``deadline``.
        case none
        /// The connection was idle too long: close it without an answer.
        case closeIdleConnection
        /// The request's head or body did not arrive in time: answer 408 and close.
        case answerRequestTimeout
    }

    /// What the connection is receiving.
    private enum Receiving: Equatable {
        /// Nothing since `since` (the connection opened, or the last request ended).
        case nothing(since: NIODeadline)
        /// A request head whose first byte arrived at `since`.
        case head(since: NIODeadline)
        /// The body of a request whose head ended at `since`.
        case body(since: NIODeadline)
    }

    let limits: Limits
    private var receiving: Receiving
    /// Requests whose head has arrived and whose answer is not yet fully written.
    private var unansweredRequests = 0

    /// A connection that opened at `now`.
    init(limits: Limits, openedAt now: NIODeadline) {
        self.limits = limits
        self.receiving = .nothing(since: now)
    }

    /// When the host must call ``timerFired(at:)`` next; `nil` while the server is answering.
    var deadline: NIODeadline? {
        switch receiving {
        case .nothing(let since) where unansweredRequests == 0: since + limits.idle
        case .head(let since) where unansweredRequests == 0: since + limits.requestHead
        case .body(let since) where unansweredRequests == 1: since + limits.requestBody
        default: nil
        }
    }

    /// Bytes arrived from the client.
    mutating func bytesArrived(at now: NIODeadline) {
        if case .nothing = receiving { receiving = .head(since: now) }
    }

    /// A request's head was parsed.
    mutating func requestHeadReceived(at now: NIODeadline) {
        receiving = .body(since: now)
        unansweredRequests += 1
    }

    /// A request's end was parsed.
    mutating func requestEndReceived(at now: NIODeadline) {
        receiving = .nothing(since: now)
    }

    /// The server finished writing an answer.
    mutating func responseFinished(at now: NIODeadline) {
        // An answer written before its request was read in full (an early 413) still counts once.
        unansweredRequests = max(0, unansweredRequests - 1)
        guard unansweredRequests == 0 else { return }
        // The client's clock restarts now: while the server answered it was not reading.
        switch receiving {
        case .nothing: receiving = .nothing(since: now)
        case .head: receiving = .head(since: now)
        case .body: receiving = .body(since: now)
        }
    }

    /// The timer requested through ``deadline`` fired.
    ///
    /// - Parameter now: the current time.
    /// - Returns: what to do with the connection.
    func timerFired(at now: NIODeadline) -> Expiry {
        guard let deadline, now >= deadline else { return .none }
        if case .nothing = receiving { return .closeIdleConnection }
        return .answerRequestTimeout
    }
}
