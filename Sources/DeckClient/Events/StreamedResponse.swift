import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request whose response body is read as it arrives, for Server-Sent Events.
///
/// `URLSession.bytes(for:)` is not available in FoundationNetworking on Linux (nor before iOS 15), so
/// a data delegate feeds the response and each chunk of the body into an `AsyncThrowingStream`. Each
/// connection has a session of its own, as a session's delegate is fixed; ending the stream
/// (cancelling, or dropping its iterator) cancels the request and invalidates the session.
enum StreamedResponse {
    /// What the connection delivers, in order: the response once, then the body's chunks.
    enum Chunk: Sendable {
        /// The response's head.
        case response(status: Int, headers: [String: String])
        /// The next bytes of the body.
        case body(Data)
    }

    /// How many chunks may wait for a reader that is slower than the server. Past that the
    /// connection is ended rather than buffered without bound; ``DeckEventStream`` then reconnects
    /// from the last event it read, so nothing is lost.
    static let maximumBufferedChunks = 4_096

    /// Starts the request and returns its chunks; the stream ends when the body ends, and throws
    /// `URLError` when the connection fails.
    ///
    /// - Parameter request: the request.
    /// - Returns: the chunks.
    static func open(_ request: URLRequest) -> AsyncThrowingStream<Chunk, any Error> {
        AsyncThrowingStream(Chunk.self, bufferingPolicy: .bufferingOldest(maximumBufferedChunks)) { continuation in
            let delegate = Delegate(continuation: continuation)
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = request.timeoutInterval
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
            let task = session.dataTask(with: request)
            continuation.onTermination = { _ in
                // Asynchronously, on a queue of its own: see URLSession+CancellableData.swift for why
                // FoundationNetworking's cancellation must never be waited for on a Swift task's thread.
                streamCancellationQueue.async {
                    task.cancel()
                    session.invalidateAndCancel()
                }
            }
            task.resume()
        }
    }

    /// Forwards the session's callbacks to the stream.
    ///
    /// Its one stored property is a `Sendable` continuation, set once: nothing is mutable.
    private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        let continuation: AsyncThrowingStream<Chunk, any Error>.Continuation

        init(continuation: AsyncThrowingStream<Chunk, any Error>.Continuation) {
            self.continuation = continuation
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            guard let http = response as? HTTPURLResponse else {
                continuation.finish(throwing: URLError(.badServerResponse))
                completionHandler(.cancel)
                return
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            continuation.yield(.response(status: http.statusCode, headers: headers))
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            if case .dropped = continuation.yield(.body(data)) {
                // The reader is too far behind. The chunks already buffered are still delivered,
                // then this error, and the event stream resumes after the last whole event.
                continuation.finish(throwing: URLError(.dataLengthExceedsMaximum))
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
            session.finishTasksAndInvalidate()
        }
    }
}

/// Where event-stream requests are cancelled (see `cancellationQueue` in URLSession+CancellableData.swift).
private let streamCancellationQueue = DispatchQueue(label: "riffle.deck-client.event-stream-cancellation")
