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
enum EventStreamConnection {
    /// What the connection delivers, in order: the response once, then the body's chunks.
    enum Chunk: Sendable {
        /// The response's head.
        case response(status: Int, headers: [String: String])
        /// The next bytes of the body.
        case body(Data)
    }

    /// Starts the request and returns its chunks; the stream ends when the body ends, and throws
    /// `URLError` when the connection fails.
    ///
    /// - Parameter request: the request.
    /// - Returns: the chunks.
    static func open(_ request: URLRequest) -> AsyncThrowingStream<Chunk, any Error> {
        AsyncThrowingStream(Chunk.self, bufferingPolicy: .unbounded) { continuation in
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
            continuation.yield(.body(data))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
            session.finishTasksAndInvalidate()
        }
    }
}

/// Where event-stream requests are cancelled (see `cancellationQueue` in URLSession+CancellableData.swift).
private let streamCancellationQueue = DispatchQueue(label: "riffle.deck-client.event-stream-cancellation")
