import Foundation

/// Runs blocking work (a socket read, waiting for a child process) on a thread of its own and
/// awaits its result.
///
/// Neither Swift's cooperative pool nor Dispatch's global queues may be used for this: on a
/// 2-core machine each has two threads, and work blocked on them stalls everything else that
/// needs them (FoundationNetworking, for one, cancels and completes requests through them).
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
