/// Who is online at a live table, as this server sees it: a state machine with time as an input.
///
/// A player is online while one of their event streams is open. The first stream that opens makes
/// them online; when their last stream closes, they go offline only after a grace period with no
/// stream of theirs open, so that a reload (or a dropped connection that comes back) is not a
/// departure. Time comes in with every event (milliseconds on any monotonic clock), so the machine
/// is tested without waiting.
///
/// The machine only says what to record (``Action``); the ``PresenceTracker`` records it in the
/// deck as this server's hold of the player. Each server follows its own streams; the deck shows
/// a player online while any server holds them.
///
/// A seat is a player as their token names them: a player removed and another seated under the
/// same name are two seats, so the first one's streams never keep the second online.

package struct PresenceStateMachine: Sendable {
    /// A player of a deck.
    package struct Seat: Hashable, Sendable {
        package let deckID: String
        package let player: String
        /// The hash of the token the player's streams were opened with.
        package let tokenHash: [UInt8]
    }

    /// What to record.
    package enum Action: Hashable, Sendable {
        /// The player's first stream on this server opened: record that this server holds them.
        case online(Seat)
        /// The player's last stream on this server closed a grace period ago and none reopened:
        /// record that this server holds them no longer.
        case offline(Seat)
    }

    /// How long a player with no open stream stays online, in milliseconds (0: offline at once).
    package let graceMilliseconds: Int64
    /// Open streams per seat.
    private var openStreams: [Seat: Int] = [:]
    /// When each seat whose last stream closed goes offline, unless a stream reopens first.
    private var offlineDeadlines: [Seat: Int64] = [:]

    package init(graceMilliseconds: Int64) {
        self.graceMilliseconds = max(0, graceMilliseconds)
    }

    /// The earliest pending offline deadline, for the owner's timer; `nil` when none is pending.
    package var nextDeadline: Int64? { offlineDeadlines.values.min() }

    /// Every seat this server holds (with streams open, or within its grace period), in order:
    /// what it holds again when it finds its leases were taken.
    package var heldSeats: [Seat] {
        Set(openStreams.keys).union(offlineDeadlines.keys).sorted(by: Self.order)
    }

    private static func order(_ a: Seat, _ b: Seat) -> Bool {
        if a.deckID != b.deckID { return a.deckID < b.deckID }
        if a.player != b.player { return a.player < b.player }
        return a.tokenHash.lexicographicallyPrecedes(b.tokenHash)
    }

    /// The number of open streams of a seat, for tests and metrics.
    package func streams(of seat: Seat) -> Int { openStreams[seat] ?? 0 }

    /// A stream of `seat` opened.
    ///
    /// - Returns: ``Action/online(_:)`` when it is the seat's first stream and the seat was not
    ///   still within its grace period (then it never went offline); nothing otherwise.
    package mutating func streamOpened(_ seat: Seat, now: Int64) -> [Action] {
        var actions = expire(now: now)
        let count = openStreams[seat] ?? 0
        openStreams[seat] = count + 1
        if offlineDeadlines.removeValue(forKey: seat) != nil { return actions }
        if count == 0 { actions.append(.online(seat)) }
        return actions
    }

    /// A stream of `seat` closed.
    ///
    /// - Returns: ``Action/offline(_:)`` at once when it was the seat's last stream and there is no
    ///   grace period; otherwise nothing (the deadline is kept for ``timePassed(now:)``).
    package mutating func streamClosed(_ seat: Seat, now: Int64) -> [Action] {
        var actions = expire(now: now)
        guard let count = openStreams[seat] else { return actions }
        guard count <= 1 else {
            openStreams[seat] = count - 1
            return actions
        }
        openStreams[seat] = nil
        if graceMilliseconds == 0 {
            actions.append(.offline(seat))
        } else {
            offlineDeadlines[seat] = now + graceMilliseconds
        }
        return actions
    }

    /// The server stops: every seat it knows (with streams open, or within its grace period) goes
    /// offline now, and the machine forgets them, so that no player stays recorded online after
    /// the server that held their streams has gone.
    package mutating func stopped() -> [Action] {
        let seats = heldSeats
        openStreams = [:]
        offlineDeadlines = [:]
        return seats.map { .offline($0) }
    }

    /// Time passed: every seat whose grace period has ended goes offline.
    package mutating func timePassed(now: Int64) -> [Action] {
        expire(now: now)
    }

    private mutating func expire(now: Int64) -> [Action] {
        let due = offlineDeadlines.filter { $0.value <= now }.sorted {
            $0.value != $1.value ? $0.value < $1.value : Self.order($0.key, $1.key)
        }
        for (seat, _) in due { offlineDeadlines[seat] = nil }
        return due.map { .offline($0.key) }
    }
}
