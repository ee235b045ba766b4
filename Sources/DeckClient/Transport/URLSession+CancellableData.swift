import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// Loads a request like `data(for:)`, but safe to cancel on every platform.
    ///
    /// On Linux, FoundationNetworking's own `data(for:)` can deadlock when its task is cancelled
    /// while the response arrives: its cancellation handler waits synchronously for the session's
    /// queue while holding the Swift task's status lock, and that queue is waiting for the same lock
    /// to resume the task. Both of Swift's cooperative threads on a 2-core machine can end up stuck
    /// there, stopping every task in the process. Here the data task is cancelled asynchronously,
    /// on a queue of its own, so the cancellation handler never waits.
    ///
    /// The request's own `timeoutInterval` is not relied on: FoundationNetworking on Linux ignores
    /// it and applies the session's `timeoutIntervalForRequest` instead (60 s by default). Pass
    /// `timeout` to have the request fail with `URLError(.timedOut)` after that many seconds on
    /// every platform, whichever of the two limits is shorter.
    ///
    /// Neither a cancellation nor a timeout waits for the data task's completion handler: each ends
    /// the wait itself (the first result wins) and then cancels the data task. So the call always
    /// returns, even if the session never calls the handler of a task it was told to cancel.
    ///
    /// - Parameters:
    ///   - request: the request to load.
    ///   - timeout: seconds until the request fails with `.timedOut`; `nil` is the session's
    ///     `timeoutIntervalForRequest`.
    /// - Returns: the body and the response.
    /// - Throws: `URLError` (`.cancelled` when the calling task was cancelled, `.timedOut`).
    package func cancellableData(
        for request: URLRequest, timeout: TimeInterval? = nil
    ) async throws -> (Data, URLResponse) {
        let completion = DataTaskCompletion()
        let task = dataTask(with: request) { data, response, error in
            if let error {
                completion.finish(.failure(error))
            } else if let response {
                completion.finish(.success((data ?? Data(), response)))
            } else {
                completion.finish(.failure(URLError(.badServerResponse)))
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                completion.wait(with: continuation)
                task.resume()
                let limit = timeout ?? configuration.timeoutIntervalForRequest
                if limit.isFinite, limit > 0 {
                    cancellationQueue.asyncAfter(deadline: .now() + limit) {
                        // The first result wins: an answer that already arrived is kept.
                        completion.finish(.failure(URLError(.timedOut)))
                        task.cancel()
                    }
                }
                // Cancelled before `resume()`: that earlier `cancel()` may not stop a task that had not
                // started, so cancel the running task again.
                if Task.isCancelled {
                    completion.finish(.failure(URLError(.cancelled)))
                    cancellationQueue.async { task.cancel() }
                }
            }
        } onCancel: {
            completion.finish(.failure(URLError(.cancelled)))
            cancellationQueue.async { task.cancel() }
        }
    }
}

/// Where data tasks are cancelled: a queue of its own, which always gets a thread, unlike the global
/// queues, whose few threads blocking work elsewhere in the process can hold.
private let cancellationQueue = DispatchQueue(label: "riffle.deck-client.cancellation")

/// Joins a data task's completion handler and the continuation waiting for it, in either order.
///
/// `@unchecked Sendable`: its only mutable state, `state`, is read and written only while `lock` is
/// held (an `NSLock` rather than `Synchronization.Mutex`, which needs iOS 18 and macOS 15).
private final class DataTaskCompletion: @unchecked Sendable {
    private enum State {
        case waitingForBoth
        case waiting(CheckedContinuation<(Data, URLResponse), any Error>)
        case finished(Result<(Data, URLResponse), any Error>)
        case delivered
    }

    private let lock = NSLock()
    private var state = State.waitingForBoth

    private func withLock<Value>(_ body: (inout State) -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    func wait(with continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let ready: Result<(Data, URLResponse), any Error>? = withLock { state in
            if case .finished(let result) = state {
                state = .delivered
                return result
            }
            state = .waiting(continuation)
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let waiting: CheckedContinuation<(Data, URLResponse), any Error>? = withLock { state in
            switch state {
            case .waiting(let continuation):
                state = .delivered
                return continuation
            case .waitingForBoth:
                state = .finished(result)
                return nil
            case .finished, .delivered:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
