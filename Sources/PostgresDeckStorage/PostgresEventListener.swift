import DeckStorage
import Logging
import PostgresNIO
import Synchronization

/// LISTENs for the event notifications of every process on the database, on a connection of its
/// own, and tells the store's observers.
///
/// It starts with the first observer and runs until ``stop()``; adding an observer returns once
/// the LISTEN is in place, so the observer hears every event committed after that. When the connection fails it
/// connects again and then tells every observer that any deck may have new events (deck id `""`),
/// since notifications sent while it was away are lost.
final class PostgresEventListener: Sendable {
    private struct State {
        var observers: [DeckEventObserver] = []
        var task: Task<Void, Never>?
        var stopped = false
        var listening = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Adds an observer, starting to listen if this is the first, and returns once listening.
    func add(_ observer: @escaping DeckEventObserver, client: PostgresClient, logger: Logger) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { state in
                guard !state.stopped else { return continuation.resume() }
                state.observers.append(observer)
                if state.listening { return continuation.resume() }
                state.waiters.append(continuation)
                guard state.task == nil else { return }
                state.task = Task { [self] in await listen(client: client, logger: logger) }
            }
        }
    }

    /// Stops listening and waits until the connection is given back.
    func stop() async {
        let (task, waiters) = state.withLock { state in
            state.stopped = true
            defer { state.waiters = [] }
            return (state.task, state.waiters)
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
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func notify(deckID: String, number: Int64) {
        let observers = state.withLock { $0.observers }
        for observer in observers { observer(deckID, number) }
    }
}
