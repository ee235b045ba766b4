import DeckStorage
import Logging
import PostgresNIO
import Synchronization

/// LISTENs for the event notifications of every process on the database, on a connection of its
/// own, and tells the store's observers.
///
/// It starts with the first observer and runs until ``stop()``; adding an observer returns once
/// the LISTEN is in place, so the observer hears every event committed after that (or when the
/// adding task is cancelled: a server stopped before the LISTEN could be set up, for want of a
/// connection, must not wait for it for ever). When the connection fails it
/// connects again and then tells every observer that any deck may have new events (deck id `""`),
/// since notifications sent while it was away are lost.
final class PostgresEventListener: Sendable {
    private struct State {
        var observers: [DeckEventObserver] = []
        var task: Task<Void, Never>?
        var stopped = false
        var listening = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Adds an observer, starting to listen if this is the first, and returns once listening (or
    /// stopped, or once the calling task is cancelled; the observer stays added either way).
    func add(_ observer: @escaping DeckEventObserver, client: PostgresClient, logger: Logger) async {
        let waiter = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                state.withLock { state in
                    guard !state.stopped else { return continuation.resume() }
                    state.observers.append(observer)
                    if state.task == nil {
                        state.task = Task { [self] in await listen(client: client, logger: logger) }
                    }
                    if state.listening || Task.isCancelled { return continuation.resume() }
                    state.waiters[waiter] = continuation
                }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: waiter) }?.resume()
        }
    }

    /// Stops listening and waits until the connection is given back.
    func stop() async {
        let (task, waiters) = state.withLock { state in
            state.stopped = true
            defer { state.waiters = [:] }
            return (state.task, state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
        task?.cancel()
        await task?.value
    }

    private func listen(client: PostgresClient, logger: Logger) async {
        var reconnecting = false
        while !Task.isCancelled {
            let wasReconnecting = reconnecting
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: PostgresEventLog.channel) { notifications in
                        self.listeningStarted()
                        if wasReconnecting { self.notify(deckID: "", number: 0) }
                        for try await notification in notifications {
                            for (deckID, number) in PostgresEventLog.parseNotification(notification.payload) {
                                self.notify(deckID: deckID, number: number)
                            }
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("listening for deck events failed, listening again: \(String(reflecting: error))")
            }
            reconnecting = true
            // Not a wait for work: a pause before reconnecting to a database that just failed.
            try? await Task.sleep(for: .milliseconds(500))
        }
    }

    private func listeningStarted() {
        let waiters = state.withLock { state in
            state.listening = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume() }
    }

    private func notify(deckID: String, number: Int64) {
        let observers = state.withLock { $0.observers }
        for observer in observers { observer(deckID, number) }
    }
}
