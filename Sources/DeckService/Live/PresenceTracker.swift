import DeckStorage
import Logging
import PlayingCards
import ServiceLifecycle
import Synchronization

/// Records who is online at the live tables this server streams: the owner of a
/// ``PresenceStateMachine``, which it feeds with streams opening and closing and with the time,
/// and whose actions it records as changes of the deck (a `presence` event each, numbered like
/// every change).
///
/// Actions are recorded one after another, in the order the machine gave them, so a player's
/// `online` is never recorded after the `offline` that followed it. A stream that opens waits for
/// its player's `online` to be recorded before it reads the deck: its `hello` already shows the
/// player online, and the `presence` event comes before it (never between the subscriber's own
/// later changes). As a service it also wakes when a grace period ends.
final class PresenceTracker: Service, Sendable {
    let store: any DeckStore
    let logger: Logger
    /// The time in seconds since 1970, for the store (when the deck was last changed).
    let clock: @Sendable () -> Int64
    /// A monotonic time in milliseconds, for the machine.
    let now: @Sendable () -> Int64
    private let machine: Mutex<PresenceStateMachine>
    /// Actions to record in order, each with what waits for it (if anything).
    private let actions: AsyncStream<Pending>
    private let actionSink: AsyncStream<Pending>.Continuation

    private struct Pending: Sendable {
        let action: PresenceStateMachine.Action
        let recorded: CheckedContinuation<Void, Never>?
    }

    /// Creates a tracker.
    ///
    /// - Parameters:
    ///   - grace: how long a player with no open stream stays online.
    ///   - now: a monotonic time in milliseconds (a continuous clock by default).
    init(
        store: any DeckStore, grace: Duration, clock: @escaping @Sendable () -> Int64, logger: Logger,
        now: @escaping @Sendable () -> Int64 = PresenceTracker.continuousMilliseconds
    ) {
        self.store = store
        self.logger = logger
        self.clock = clock
        self.now = now
        let milliseconds = grace.components.seconds * 1_000 + grace.components.attoseconds / 1_000_000_000_000_000
        machine = Mutex(PresenceStateMachine(graceMilliseconds: milliseconds))
        (actions, actionSink) = AsyncStream.makeStream()
    }

    /// Milliseconds on the continuous clock since the first call.
    static let continuousMilliseconds: @Sendable () -> Int64 = {
        let start = ContinuousClock.now
        return {
            let elapsed = ContinuousClock.now - start
            return elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        }
    }()

    /// A stream of `player` at deck `deckID` opens: the player is online until the returned hold
    /// is released (and the grace period after it has passed). Returns once what the opening
    /// changed has been recorded (or the tracker has stopped).
    func opened(deckID: String, player: String) async -> PresenceHold {
        let seat = PresenceStateMachine.Seat(deckID: deckID, player: player)
        let time = now()
        await submitAndWait(machine.withLock { $0.streamOpened(seat, now: time) })
        return PresenceHold { [self] in
            let time = now()
            submit(machine.withLock { $0.streamClosed(seat, now: time) })
        }
    }

    private func submit<Actions: Sequence<PresenceStateMachine.Action>>(_ list: Actions) {
        for action in list { actionSink.yield(Pending(action: action, recorded: nil)) }
    }

    /// Submits actions and waits until the last of them (and so all before it) has been recorded.
    private func submitAndWait(_ list: [PresenceStateMachine.Action]) async {
        guard let last = list.last else { return }
        submit(list.dropLast())
        await withCheckedContinuation { (recorded: CheckedContinuation<Void, Never>) in
            if case .terminated = actionSink.yield(Pending(action: last, recorded: recorded)) { recorded.resume() }
        }
    }

    /// Records actions in order, and wakes when grace periods end.
    func run() async throws {
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.wakeForDeadlines() }
                for await pending in self.actions {
                    await self.record(pending.action)
                    pending.recorded?.resume()
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.actionSink.finish()
        }
        // Anything still waiting (submitted as the stream finished) goes on unrecorded.
        for await pending in actions { pending.recorded?.resume() }
        // The server stops: its players go offline now rather than stay online in the store.
        for action in machine.withLock({ $0.stopped() }) { await record(action) }
    }

    private func wakeForDeadlines() async {
        let grace = machine.withLock { $0.graceMilliseconds }
        guard grace > 0 else { return }
        while !Task.isCancelled {
            let time = now()
            let wait = machine.withLock { $0.nextDeadline }.map { max(1, $0 - time) } ?? grace
            do {
                try await Task.sleep(for: .milliseconds(wait))
            } catch {
                return
            }
            let time2 = now()
            submit(machine.withLock { $0.timePassed(now: time2) })
        }
    }

    /// Records one action as a change of its deck; nothing when the player is no longer seated or
    /// already recorded so.
    func record(_ action: PresenceStateMachine.Action) async {
        let (seat, online) =
            switch action {
            case .online(let seat): (seat, true)
            case .offline(let seat): (seat, false)
            }
        do {
            _ = try await store.updateRecordingEvent(deckID: seat.deckID, now: clock()) { deck in
                let event = DeckCore.recordPresence(of: seat.player, online: online, deckID: seat.deckID, on: &deck)
                return ((), event)
            }
        } catch {
            logger.error("cannot record presence at deck \(seat.deckID): \(String(describing: error))")
        }
    }
}

/// An open stream's claim on its player's presence; released once, however the stream ends.
final class PresenceHold: Sendable {
    private let released = Atomic<Bool>(false)
    private let onRelease: @Sendable () -> Void

    init(_ onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = onRelease
    }

    /// Ends the claim; later calls do nothing.
    func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        onRelease()
    }
}
