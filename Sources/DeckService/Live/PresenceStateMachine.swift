/// Who is online at a live table, as this server sees it: a state machine with time as an input.
///
/// A player is online while one of their event streams is open. The first stream that opens makes
/// them online; when their last stream closes, they go offline only after a grace period with no
/// stream of theirs open, so that a reload (or a dropped connection that comes back) is not a
/// departure. Time comes in with every event (milliseconds on any monotonic clock), so the machine
/// is tested without waiting.
///
/// The machine only says what to record (``Action``); the ``PresenceTracker`` records it as a
/// change of the deck. Each server follows its own streams.
struct PresenceStateMachine: Sendable {
    /// A player of a deck.
    struct Seat: Hashable, Sendable {
        let deckID: String
        let player: String
    }

    /// What to record.
    enum Action: Hashable, Sendable {
        /// The player's first stream opened: record them online.
        case online(Seat)
        /// The player's last stream closed a grace period ago and none reopened: record them offline.
        case offline(Seat)
    }

    /// How long a player with no open stream stays online, in milliseconds (0: offline at once).
    let graceMilliseconds: Int64
    /// Open streams per seat.
    private var openStreams: [Seat: Int] = [:]
    /// When each seat whose last stream closed goes offline, unless a stream reopens first.
    private var offlineDeadlines: [Seat: Int64] = [:]

    init(graceMilliseconds: Int64) {
        self.graceMilliseconds = max(0, graceMilliseconds)
    }

    /// The earliest pending offline deadline, for the owner's timer; `nil` when none is pending.
    var nextDeadline: Int64? { offlineDeadlines.values.min() }

    /// The number of open streams of a seat, for tests and metrics.
    func streams(of seat: Seat) -> Int { openStreams[seat] ?? 0 }

    /// A stream of `seat` opened.
    ///
    /// - Returns: ``Action/online(_:)`` when it is the seat's first stream and the seat was not
    ///   still within its grace period (then it never went offline); nothing otherwise.
    mutating func streamOpened(_ seat: Seat, now: Int64) -> [Action] {
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
    mutating func streamClosed(_ seat: Seat, now: Int64) -> [Action] {
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
    mutating func stopped() -> [Action] {
        let seats = Set(openStreams.keys).union(offlineDeadlines.keys).sorted {
            ($0.deckID, $0.player) < ($1.deckID, $1.player)
        }
        openStreams = [:]
        offlineDeadlines = [:]
        return seats.map { .offline($0) }
    }

    /// Time passed: every seat whose grace period has ended goes offline.
    mutating func timePassed(now: Int64) -> [Action] {
        expire(now: now)
    }

    private mutating func expire(now: Int64) -> [Action] {
        let due = offlineDeadlines.filter { $0.value <= now }.sorted {
            ($0.value, $0.key.deckID, $0.key.player) < ($1.value, $1.key.deckID, $1.key.player)
        }
        for (seat, _) in due { offlineDeadlines[seat] = nil }
        return due.map { .offline($0.key) }
    }
}
