import NIOCore
import Synchronization

/// How many requests the server is answering right now, for ``ConnectionLoopExecutor`` to tell
/// a quiet server from a busy one (and for `/metrics`).
final class RequestsInFlight: Sendable {
    /// While fewer requests than this are in flight (besides the one about to run), the server
    /// counts as quiet.
    let quietBelow: Int
    private let answering = Atomic<Int>(0)

    /// - Parameter quietBelow: the number of requests in flight from which the server is busy;
    ///   the number of event loops by default, so that each loop may answer one request itself.
    init(quietBelow: Int = NIOSingletons.groupLoopCountSuggestion) {
        self.quietBelow = quietBelow
    }

    var isQuiet: Bool { count < quietBelow }

    /// How many requests are being answered.
    var count: Int { answering.load(ordering: .relaxed) }

    /// Counts a request as in flight until ``ended()``.
    func began() {
        answering.wrappingAdd(1, ordering: .relaxed)
    }

    func ended() {
        answering.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// The executor a connection's task prefers: its connection's event loop while the server is
/// quiet, Swift's global executor otherwise.
///
/// A request normally hops from the event loop that read it to Swift's pool, and its response hops
/// back, waking the loop that went to sleep meanwhile. At one connection those two hand-overs
/// cost more than the request's own work: a job that becomes runnable on its connection's loop
/// (the request just read, say) therefore runs right there, after the loop's current I/O, and the
/// response is written without waking anything. Under concurrent load the loops are better left to
/// I/O while the pool runs handlers in parallel, and the blocking work a handler may do (rendering
/// a card image, a lone SQLite transaction) must not hold up the other connections of its loop: a
/// busy server, or a job made runnable off the loop (a database answer, say), goes to the pool.
///
/// Measured with `scripts/bench-server.py`'s draws on SQLite: at one connection 62–67% of the
/// ceiling over six runs instead of 53–58%, with one context switch per request instead of three;
/// at 64 connections no change (37–42 µs of CPU per draw either way).
final class ConnectionLoopExecutor: TaskExecutor {
    private let loop: any EventLoop
    private let requests: RequestsInFlight

    init(loop: any EventLoop, requests: RequestsInFlight) {
        self.loop = loop
        self.requests = requests
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // Only a job made runnable on the loop itself stays there: scheduling from the loop's own
        // thread always succeeds, and the loop runs the job before it next waits for I/O.
        if loop.inEventLoop, requests.isQuiet {
            loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        } else {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}
