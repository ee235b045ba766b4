import Foundation

/// Awaits `operation`, and fails saying what did not happen when it has not finished within `limit`.
///
/// This bounds the one thing a test waits for (an event, an answer, a callback), not the test
/// around it: starting servers and other set-up are not counted, so a busy machine slows the test
/// down without failing it, while a wait that would never end fails with a message instead of
/// hanging the test run.
///
/// The operation runs in a task of its own and is raced against the limit, so the wait ends even
/// when the operation ignores cancellation (a continuation that is never resumed, a blocked
/// thread): the operation is then cancelled and left behind.
///
/// ```swift
/// let event = try await waitFor("the draw's event", upTo: .seconds(60)) { try await collector.next() }
/// ```
///
/// - Parameters:
///   - what: what is awaited, for the failure message ("the draw's event").
///   - limit: how long it may take.
///   - operation: the wait.
/// - Returns: what `operation` returned.
/// - Throws: what `operation` threw, or ``WaitTimedOut`` naming `what`.
public func waitFor<Value: Sendable>(
    _ what: String, upTo limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = FirstResult<Value>()
    let work = Task { race.finish(await Result(catching: operation)) }
    let timer = Task {
        // A cancelled timer (the operation finished first) ends without deciding anything.
        guard (try? await Task.sleep(for: limit)) != nil else { return }
        race.finish(.failure(WaitTimedOut(what: what, limit: limit)))
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

/// Waits until `condition` holds, checking it again every `interval`, and fails saying what did not happen when it
/// has not held within `limit`.
///
/// For a state that announces no event of its own (a counter that other tasks raise, a checkpoint on a background
/// connection, a row another process writes): the condition asks for the thing itself, so the wait ends as soon as
/// it is there, however busy the machine. Something that can be awaited (an event, an answer, a callback) is
/// awaited with ``waitFor(_:upTo:_:)`` instead. The bound works as there: it covers only this wait.
///
/// ```swift
/// try await waitUntil("150 acknowledged draws") { await acknowledged.count >= 150 }
/// ```
///
/// - Parameters:
///   - what: what is awaited, for the failure message ("150 acknowledged draws").
///   - limit: how long it may take; ``testWaitLimit`` by default.
///   - interval: how long to let other work run between two checks.
///   - condition: whether the awaited state has come; it may throw, which ends the wait with its error.
/// - Throws: what `condition` threw, or ``WaitTimedOut`` naming `what`.
public func waitUntil(
    _ what: String, upTo limit: Duration = testWaitLimit, checkingEvery interval: Duration = .milliseconds(10),
    _ condition: @escaping @Sendable () async throws -> Bool
) async throws {
    try await waitFor(what, upTo: limit) {
        while try await !condition() { try await Task.sleep(for: interval) }
    }
}

/// How long a test waits for one thing that should take moments (an event after the change that
/// causes it, an answer): generous, since CI machines are slower and busier than a laptop.
public let testWaitLimit: Duration = .seconds(60)

/// A wait bounded by ``waitFor(_:upTo:_:)`` that ran out.
public struct WaitTimedOut: Error, CustomStringConvertible {
    /// What was awaited.
    public let what: String
    /// How long it was given.
    public let limit: Duration

    /// The failure message.
    public var description: String { "\(what) did not happen within \(limit)" }
}

/// The first of several results, handed to one waiting continuation.
///
/// `@unchecked Sendable`: `state` is read and written only while `lock` is held.
private final class FirstResult<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, any Error>)
        case finished(Result<Value, any Error>)
        case delivered
    }

    private let lock = NSLock()
    private var state = State.empty

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let ready: Result<Value, any Error>? = lock.withLock {
            switch state {
            case .empty:
                state = .waiting(continuation)
                return nil
            case .finished(let result):
                state = .delivered
                return result
            case .waiting, .delivered:
                return .failure(CancellationError())
            }
        }
        if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let waiter: CheckedContinuation<Value, any Error>? = lock.withLock {
            switch state {
            case .empty:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .delivered
                return continuation
            case .finished, .delivered:
                return nil
            }
        }
        waiter?.resume(with: result)
    }
}
