import DeckStorage
import Foundation
import Logging
import PlayingCards
import ServiceLifecycle
import Synchronization
import TableCore

/// Records who is online at the live tables this server streams: the owner of a
/// ``PresenceStateMachine``, which it feeds with streams opening and closing and with the time,
/// and whose actions it records in the decks as this server's holds of their players (a
/// `presence` event, numbered like every change, when a player comes online or goes offline).
///
/// Several servers may stream one table (on one PostgreSQL database, or one SQLite file shared):
/// each records its own holds under a number it chose at random, and a player is online while any
/// server holds them. Each server keeps a lease per deck at which it holds players
/// (`PresenceLease`) and renews it every quarter of the lease time. A server that stops lets go
/// of its players; when one crashes, its leases expire and another server (or its own next run)
/// takes them and lets go of the players they held, so nobody stays online for ever. A server that
/// finds some of its own leases taken (it was too slow to renew them, and others thought it gone)
/// holds every player again under a new number.
///
/// Everything is recorded one step after another, in the order it happened, so a player's
/// `online` is never recorded after the `offline` that followed it. A stream that opens waits for
/// its player's hold to be recorded before it reads the deck: its `hello` already shows the
/// player online, and the `presence` event comes before it (never between the subscriber's own
/// later changes). As a service it also wakes when a grace period ends and when leases are due.
package final class PresenceTracker: Service, Sendable {
    package let store: any DeckStore
    package let logger: Logger
    /// The time in seconds since 1970, for the store (when the deck was last changed).
    package let clock: @Sendable () -> Int64
    /// A monotonic time in milliseconds, for the machine.
    package let now: @Sendable () -> Int64
    /// The time in milliseconds since 1970, for leases (which servers on other machines read).
    package let wallClock: @Sendable () -> Int64
    /// How long a lease lasts without renewal, in milliseconds.
    package let leaseMilliseconds: Int64
    private let machine: Mutex<PresenceStateMachine>
    /// This server's number and the decks it holds players at; changed only by the recording loop.
    private let book: Mutex<LeaseBook>
    /// Work to do in order, each with what waits for it (if anything).
    private let work: AsyncStream<Pending>
    private let workSink: AsyncStream<Pending>.Continuation

    private enum Work: Sendable {
        case record(PresenceStateMachine.Action)
        case leasesDue
    }

    private struct Pending: Sendable {
        let work: Work
        let done: CheckedContinuation<Void, Never>?
    }

    /// The number this server holds players under, and how many seats it holds at each deck.
    private struct LeaseBook {
        var server: UInt64
        var seatsByDeck: [String: Int] = [:]
    }

    /// Creates a tracker.
    ///
    /// - Parameters:
    ///   - store: where holds and leases are recorded.
    ///   - grace: how long a player with no open stream stays online.
    ///   - lease: how long this server's leases last without renewal (see `PresenceLease`).
    ///   - clock: the time in seconds since 1970, for the store (when the deck was last changed).
    ///   - logger: where failures to record presence are reported.
    ///   - now: a monotonic time in milliseconds (a continuous clock by default).
    ///   - wallClock: milliseconds since 1970 (the system clock by default).
    package init(
        store: any DeckStore, grace: Duration, lease: Duration = .seconds(20), clock: @escaping @Sendable () -> Int64,
        logger: Logger,
        now: @escaping @Sendable () -> Int64 = PresenceTracker.continuousMilliseconds,
        wallClock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1_000) }
    ) {
        self.store = store
        self.logger = logger
        self.clock = clock
        self.now = now
        self.wallClock = wallClock
        leaseMilliseconds = max(4, Self.milliseconds(lease))
        machine = Mutex(PresenceStateMachine(graceMilliseconds: Self.milliseconds(grace)))
        book = Mutex(LeaseBook(server: UInt64.random(in: 1...UInt64.max)))
        (work, workSink) = AsyncStream.makeStream()
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Milliseconds on the continuous clock since the first call.
    package static let continuousMilliseconds: @Sendable () -> Int64 = {
        let start = ContinuousClock.now
        return { milliseconds(ContinuousClock.now - start) }
    }()

    /// A stream of a player (named, and with the hash of the token it was opened with) at deck
    /// `deckID` opens: the player is online until the returned hold is released (and the grace
    /// period after it has passed). Returns once what the opening changed has been recorded (or
    /// the tracker has stopped).
    package func opened(deckID: String, player: String, tokenHash: [UInt8]) async -> PresenceHold {
        let seat = PresenceStateMachine.Seat(deckID: deckID, player: player, tokenHash: tokenHash)
        let time = now()
        await submitAndWait(machine.withLock { $0.streamOpened(seat, now: time) })
        return PresenceHold { [self] in
            let time = now()
            submit(machine.withLock { $0.streamClosed(seat, now: time) })
        }
    }

    private func submit<Actions: Sequence<PresenceStateMachine.Action>>(_ list: Actions) {
        for action in list { workSink.yield(Pending(work: .record(action), done: nil)) }
    }

    /// Submits actions and waits until the last of them (and so all before it) has been recorded.
    private func submitAndWait(_ list: [PresenceStateMachine.Action]) async {
        guard let last = list.last else { return }
        submit(list.dropLast())
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            if case .terminated = workSink.yield(Pending(work: .record(last), done: done)) { done.resume() }
        }
    }

    /// Records actions in order, and wakes when grace periods end and leases are due.
    package func run() async throws {
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.wakeForDeadlines() }
                group.addTask { await self.wakeForLeases() }
                for await pending in self.work {
                    switch pending.work {
                    case .record(let action): await self.record(action)
                    case .leasesDue: await self.renewAndTakeLeases()
                    }
                    pending.done?.resume()
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.workSink.finish()
        }
        // Anything still waiting (submitted as the stream finished) goes on unrecorded.
        for await pending in work { pending.done?.resume() }
        // The server stops: it lets go of its players now rather than leave them online until its
        // leases expire.
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

    /// Asks for the leases to be renewed (and expired ones taken) at once, then every quarter of
    /// the lease time.
    private func wakeForLeases() async {
        while !Task.isCancelled {
            workSink.yield(Pending(work: .leasesDue, done: nil))
            do {
                try await Task.sleep(for: .milliseconds(leaseMilliseconds / 4))
            } catch {
                return
            }
        }
    }

    /// Records one action as this server's hold (or its end) of a player.
    package func record(_ action: PresenceStateMachine.Action) async {
        switch action {
        case .online(let seat):
            let (server, firstAtDeck) = book.withLock { book in
                defer { book.seatsByDeck[seat.deckID, default: 0] += 1 }
                return (book.server, book.seatsByDeck[seat.deckID] == nil)
            }
            // The lease first: a crash between the two leaves a lease without a hold (taken later,
            // harmlessly), never a hold that no lease lets anyone take away.
            if firstAtDeck {
                do {
                    try await store.holdPresenceLease(
                        server: server, deckID: seat.deckID, until: wallClock() + leaseMilliseconds)
                } catch {
                    logger.error("cannot record a presence lease at deck \(seat.deckID): \(String(describing: error))")
                }
            }
            await recordHold(of: seat.player, tokenHash: seat.tokenHash, held: true, by: server, at: seat.deckID)
        case .offline(let seat):
            let server = book.withLock { $0.server }
            await recordHold(of: seat.player, tokenHash: seat.tokenHash, held: false, by: server, at: seat.deckID)
            let lastAtDeck = book.withLock { book in
                let left = (book.seatsByDeck[seat.deckID] ?? 1) - 1
                book.seatsByDeck[seat.deckID] = left > 0 ? left : nil
                return left <= 0
            }
            if lastAtDeck {
                do {
                    try await store.releasePresenceLease(server: server, deckID: seat.deckID)
                } catch {
                    logger.error("cannot delete a presence lease at deck \(seat.deckID): \(String(describing: error))")
                }
            }
        }
    }

    private func recordHold(
        of player: String, tokenHash: [UInt8], held: Bool, by server: UInt64, at deckID: String
    ) async {
        do {
            _ = try await store.updateRecordingEvent(deckID: deckID, now: clock()) { deck in
                let event = DeckCore.recordPresence(
                    of: player, tokenHash: tokenHash, held: held, by: server, deckID: deckID, on: &deck)
                return ((), event)
            }
        } catch {
            logger.error("cannot record presence at deck \(deckID): \(String(describing: error))")
        }
    }

    /// Renews this server's leases, holds every player again under a new number when some were
    /// taken, and lets go of the players held under leases that expired.
    private func renewAndTakeLeases() async {
        let (server, held) = book.withLock { ($0.server, $0.seatsByDeck.count) }
        do {
            // A server that holds nobody has no lease to renew (and writes nothing when none expired).
            let renewed =
                held == 0
                ? 0 : try await store.renewPresenceLeases(server: server, until: wallClock() + leaseMilliseconds)
            if renewed < held {
                logger.warning("\(held - renewed) presence leases of this server were taken; holding its players again")
                await holdAgain()
            }
            for lease in try await store.takeExpiredPresenceLeases(before: wallClock()) {
                await release(lease)
            }
        } catch {
            logger.error("cannot renew or take presence leases: \(String(describing: error))")
        }
    }

    /// Holds every seat this server holds again, under a new number; the old number's holds go
    /// when its leases expire (or went when they were taken).
    private func holdAgain() async {
        book.withLock { $0 = LeaseBook(server: UInt64.random(in: 1...UInt64.max)) }
        for seat in machine.withLock({ $0.heldSeats }) { await record(.online(seat)) }
    }

    /// Lets go of every player a taken lease's server held at its deck.
    private func release(_ lease: PresenceLease) async {
        let held: [(name: String, tokenHash: [UInt8])]
        do {
            held = try await store.deck(withID: lease.deckID)?.presenceHeld(by: lease.server) ?? []
        } catch {
            logger.error("cannot read deck \(lease.deckID) to release its presence: \(String(describing: error))")
            return
        }
        for player in held {
            await recordHold(
                of: player.name, tokenHash: player.tokenHash, held: false, by: lease.server, at: lease.deckID)
        }
    }
}

/// An open stream's claim on its player's presence; released once, however the stream ends.
package final class PresenceHold: Sendable {
    private let released = Atomic<Bool>(false)
    private let onRelease: @Sendable () -> Void

    package init(_ onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = onRelease
    }

    /// Ends the claim; later calls do nothing.
    package func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        onRelease()
    }
}
