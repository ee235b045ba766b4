import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A deck's live events, `GET /api/deck/<id>/events/`, as an `AsyncSequence` that survives dropped
/// connections.
///
/// Make one with ``DeckOfCardsClient/events(deckID:token:lastEventID:)``. Each iteration opens its own
/// connection. When the connection drops, or the server ends it, the iterator waits a moment (the
/// server's `retry:` time, else the client's ``RetryPolicy`` backoff) and reconnects with
/// `Last-Event-ID`, so the server sends what happened in between: no change is missed and none is
/// delivered twice (changes are also de-duplicated by ``DeckEvent/id``). When the server no longer
/// has every missed change it sends ``DeckEvent/Kind/resync``: reload the deck's state then.
///
/// The sequence ends (returns `nil`) when the iterating task is cancelled; it throws
/// ``DeckClientError`` when the server refuses the stream (an unknown deck, a bad token: 4xx).
/// Network failures and 5xx answers are not thrown; they are retried, indefinitely.
///
/// ```swift
/// let watcher = Task {
///     for try await event in client.events(deckID: id, token: seat.token) {
///         print(event.id, event.kind, event.remaining)
///     }
/// }
/// // …
/// watcher.cancel()
/// ```
public struct DeckEventStream: AsyncSequence, Sendable {
    /// The events are ``DeckEvent``s.
    public typealias Element = DeckEvent

    /// The client whose server, timeout and retry policy the stream uses.
    let client: DeckOfCardsClient
    /// The deck.
    let deckID: String
    /// Whose view of the deck to follow; `nil` sees only public cards.
    let token: PlayerToken?
    /// The change to resume after, or `nil` to start with the deck as it is now.
    let lastEventID: Int?

    /// An iterator, holding one connection at a time.
    ///
    /// - Returns: the iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Reads the events of one iteration, reconnecting as needed.
    public struct Iterator: AsyncIteratorProtocol {
        private let stream: DeckEventStream
        private var parser = ServerSentEventParser()
        private var connection: AsyncThrowingStream<StreamedResponse.Chunk, any Error>.AsyncIterator?
        private var errorStatus: Int?
        private var errorBody = Data()
        private var ready: [DeckEvent] = []
        /// The last change delivered; a change at or before it is never delivered again.
        private var lastChangeID: Int?
        /// Where the next connection resumes: the latest id delivered (a `hello`'s included).
        private var resumeID: Int?
        private var failedAttempts = 0

        init(stream: DeckEventStream) {
            self.stream = stream
            self.lastChangeID = stream.lastEventID
            self.resumeID = stream.lastEventID
        }

        /// The next event, after reconnecting if the connection dropped.
        ///
        /// - Returns: the event, or `nil` once the iterating task is cancelled.
        /// - Throws: ``DeckClientError`` when the server refuses the stream with a 4xx answer, or
        ///   when an event cannot be read.
        public mutating func next() async throws -> DeckEvent? {
            while true {
                if !ready.isEmpty { return ready.removeFirst() }
                if Task.isCancelled { return close() }
                if connection == nil {
                    if failedAttempts > 0 {
                        guard await pause() else { return close() }
                    }
                    parser.startNewConnection()
                    connection = try StreamedResponse.open(request()).makeAsyncIterator()
                    errorStatus = nil
                    errorBody = Data()
                }
                do {
                    guard let chunk = try await connection?.next(isolation: #isolation) else {
                        if Task.isCancelled { return close() }
                        try connectionEnded()
                        continue
                    }
                    try receive(chunk)
                } catch let error as DeckClientError {
                    connection = nil
                    throw error
                } catch {
                    if Task.isCancelled { return close() }
                    connection = nil
                    failedAttempts += 1
                }
            }
        }

        /// Handles the response head or a piece of the body.
        private mutating func receive(_ chunk: StreamedResponse.Chunk) throws {
            switch chunk {
            case .response(let status, _):
                if status != 200 { errorStatus = status }
            case .body(let data):
                if errorStatus != nil {
                    if errorBody.count < 65_536 { errorBody.append(data) }
                    return
                }
                failedAttempts = 0
                for event in parser.consume(data) {
                    let deckEvent = try DeckEvent(event)
                    let isChange = deckEvent.kind != .hello && deckEvent.kind != .resync
                    if isChange, let last = lastChangeID, deckEvent.id <= last { continue }
                    if isChange { lastChangeID = deckEvent.id }
                    resumeID = Swift.max(resumeID ?? deckEvent.id, deckEvent.id)
                    ready.append(deckEvent)
                }
            }
        }

        /// The server closed the stream: an error answer is thrown (4xx) or retried (5xx); a stream
        /// that ended is resumed.
        private mutating func connectionEnded() throws {
            connection = nil
            failedAttempts += 1
            guard let status = errorStatus else { return }
            if status >= 500 || status == 408 || status == 429 { return }
            _ = try DeckOfCardsClient.decode(
                DeckStatus.self, from: HTTPResponse(status: status, body: errorBody))
            throw DeckClientError(
                code: .unexpectedStatus, message: "The event stream answered HTTP \(status).", httpStatus: status)
        }

        /// The request for the next connection, resuming after the last event delivered.
        private func request() throws -> URLRequest {
            let client = stream.client
            let url = try client.url(
                for: DeckRequest(pathSegments: ["deck", stream.deckID, "events"], changesState: false))
            // Long enough for the server's 15-second keep-alive comments to arrive between two reads.
            var request = URLRequest(url: url, timeoutInterval: Swift.max(client.configuration.timeout, 45))
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
            if let token = stream.token ?? client.playerToken {
                request.setValue(token.authorizationValue, forHTTPHeaderField: "Authorization")
            }
            if let resumeID { request.setValue(String(resumeID), forHTTPHeaderField: "Last-Event-ID") }
            return request
        }

        /// Waits before reconnecting; false when the task was cancelled meanwhile.
        private func pause() async -> Bool {
            let policy = stream.client.configuration.retryPolicy
            let seconds =
                parser.reconnectionTime.map { Double($0) / 1000 } ?? policy.backoff(beforeRetry: failedAttempts)
            do {
                try await Task.sleep(nanoseconds: DeckOfCardsClient.nanoseconds(seconds))
                return true
            } catch {
                return false
            }
        }

        /// Ends the iteration: drops the connection (which cancels its request).
        private mutating func close() -> DeckEvent? {
            connection = nil
            return nil
        }
    }
}

extension DeckOfCardsClient {
    /// The deck's live events: every change, from any client or server process, as it happens.
    ///
    /// The first event is ``DeckEvent/Kind/hello`` with the deck as it is; then one event per change.
    /// The sequence reconnects by itself after a dropped connection and resumes where it stopped;
    /// see ``DeckEventStream``.
    ///
    /// ```swift
    /// for try await event in client.events(deckID: id, token: seat.token) {
    ///     print(event.kind, event.piles.map { "\($0.name) \($0.remaining)" })
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - deckID: the deck.
    ///   - token: whose view to follow: with a player's token the player's own cards are listed in
    ///     ``DeckEvent/moved``; by default this client's ``playerToken``.
    ///   - lastEventID: resume after this change number instead of starting from now.
    /// - Returns: the sequence; nothing is sent until it is iterated.
    public func events(deckID: String, token: PlayerToken? = nil, lastEventID: Int? = nil) -> DeckEventStream {
        DeckEventStream(client: self, deckID: deckID, token: token, lastEventID: lastEventID)
    }
}
