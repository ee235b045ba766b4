import Foundation

/// Runs one attempt of a request against a time limit; the first of "answered", "failed", "timed out" and
/// "cancelled" ends the wait.
///
/// A task group would not do: it waits for all its children before it returns, so a transport that ignores the
/// cancellation of a request it will never answer would hold the caller for ever, past the timeout that was meant to
/// end it. Here the attempt runs in a task of its own; when the limit passes or the caller is cancelled, that task
/// is cancelled and left to end by itself.
///
/// - Parameters:
///   - seconds: the time limit.
///   - attempt: the attempt.
/// - Returns: what `attempt` returned, or `nil` when the limit passed first.
/// - Throws: what `attempt` threw, or `CancellationError` when the calling task was cancelled first.
func withTimeLimit<Value: Sendable>(
    seconds: TimeInterval, _ attempt: @escaping @Sendable () async throws -> Value
) async throws -> Value? {
    let race = FirstOutcome<Value?>()
    let work = Task { race.finish(await Result { try await attempt() }) }
    let timer = Task {
        // Cancelled (the attempt ended first): decides nothing.
        guard (try? await Task.sleep(nanoseconds: DeckOfCardsClient.nanoseconds(seconds))) != nil else { return }
        race.finish(.success(nil))
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { race.wait(with: $0) }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The first of several outcomes, handed to the one continuation waiting for it, in either order.
///
/// `@unchecked Sendable`: `state` is read and written only while `lock` is held (an `NSLock` rather than
/// `Synchronization.Mutex`, which needs iOS 18 and macOS 15).
private final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, any Error>)
        case finished(Result<Value, any Error>)
        case delivered
    }

    private let lock = NSLock()
    private var state = State.empty

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        lock.lock()
        let ready: Result<Value, any Error>?
        switch state {
        case .empty:
            state = .waiting(continuation)
            ready = nil
        case .finished(let result):
            state = .delivered
            ready = result
        case .waiting, .delivered:
            ready = .failure(CancellationError())
        }
        lock.unlock()
        if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Result<Value, any Error>) {
        lock.lock()
        var waiter: CheckedContinuation<Value, any Error>?
        switch state {
        case .empty:
            state = .finished(result)
        case .waiting(let continuation):
            state = .delivered
            waiter = continuation
        case .finished, .delivered:
            break
        }
        lock.unlock()
        waiter?.resume(with: result)
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing body.
    fileprivate init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
