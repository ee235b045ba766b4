import PlayingCards

/// What the service stores about one change of a live table, as a `StoredDeckEvent`'s payload: what
/// happened, who did it, every card that moved (hidden ones included, since the store is the
/// server's own) and how the deck's counts changed. Each subscriber's view is rendered from it by
/// ``TableEventRenderer``, which leaves out what that subscriber may not see.
///
/// A record stores what changed, not the whole table: the stack's count, the piles whose count
/// changed or that were created, and the players only when they changed. The counts of every pile
/// that an event shows come from replaying records against a deck state (``TableEventReplay``).
/// It is stored in a compact binary form (see `TableEventRecord+Binary.swift`); records written
/// before that form existed are JSON with the whole table's counts and are still read
/// (``Counts/whole(_:)``).
package struct TableEventRecord: Hashable, Sendable {
    /// How the deck's counts moved with the change.
    package enum Counts: Hashable, Sendable {
        /// What changed, with the counts before and after: replayable in both directions.
        case changed(TableCountChange)
        /// The counts after the change in full, with nothing about before: records stored as JSON
        /// before the compact format.
        case whole(TableSnapshot)
    }

    /// The event kind: `draw`, `deal`, `join`, `pile_add`, …
    package let kind: String
    /// The player who made the change (or joined), if a player did.
    package let player: String?
    /// Every card that moved, in the order `DeckState.moves(since:)` gives.
    package let moves: [CardMove]
    package let counts: Counts
    /// The players (names, display names, presence, seats) and host after the change, when the
    /// change changed them.
    package let seating: TableSeating?
    /// The turn marker after the change, when the change changed it.
    package let turn: TableTurnMarker?
    /// The pile a `pile_face` change turned, and the cards it showed everyone when turned face up.
    package let face: TableFaceTurn?
    /// What the change did to the table's rounds, when it started, ended or revealed one or changed the setting.
    package let round: TableRoundNote?

    package init(
        kind: String, player: String?, moves: [CardMove], counts: Counts, seating: TableSeating? = nil,
        turn: TableTurnMarker? = nil, face: TableFaceTurn? = nil, round: TableRoundNote? = nil
    ) {
        self.kind = kind
        self.player = player
        self.moves = moves
        self.counts = counts
        self.seating = seating
        self.turn = turn
        self.face = face
        self.round = round
    }

    /// The record of the change from `before` to `after`.
    ///
    /// - Parameters:
    ///   - kind: the event's kind (`draw`, `pile_add`, ...).
    ///   - player: the player who made the change, if a player did.
    ///   - before: the deck before the change.
    ///   - after: the deck after the change.
    ///   - moves: the change's moves when the operation knows them (they must be what
    ///     `after.moves(since: before)` gives); by default they are found by comparing the states.
    ///   - face: the pile turned face up or down, for a `pile_face` change.
    /// - Complexity: O(*c* + *p*) for *c* cards in the places that changed and *p* piles.
    package init(
        kind: String, player: String?, before: DeckState, after: DeckState, moves: [CardMove]? = nil,
        face: TableFaceTurn? = nil
    ) {
        self.kind = kind
        self.player = player
        self.face = face
        round = TableRoundNote(before: before, after: after)
        self.moves = moves ?? after.moves(since: before)
        counts = .changed(TableCountChange(before: before, after: after))
        if before.table == after.table {
            seating = nil
            turn = nil
        } else {
            let seatingAfter = TableSeating(after)
            seating = TableSeating(before) == seatingAfter ? nil : seatingAfter
            let turnAfter = TableTurnMarker(after)
            turn = TableTurnMarker(before) == turnAfter ? nil : turnAfter
        }
    }

    /// The counts right after this change, given the counts right before it.
    ///
    /// - Parameter previous: the counts after the previous change, if known.
    /// - Throws: ``TableEventRecordError`` when `previous` is unknown (for a compact record) or
    ///   does not match what the record says the counts were.
    package func snapshot(after previous: TableSnapshot?) throws(TableEventRecordError) -> TableSnapshot {
        switch counts {
        case .whole(let snapshot):
            return snapshot
        case .changed(let change):
            guard let previous else { throw TableEventRecordError("no counts to replay the change on") }
            return try previous.applying(change)
        }
    }

    /// The players this change took off the table: seated before it and not after. A record in
    /// the older whole-counts form does not list the players before, so there a `leave` names its
    /// player.
    package var unseatedPlayers: [String] {
        switch counts {
        case .changed(let change):
            guard let players = change.players else { return [] }
            let after = Set(players.after)
            return players.before.filter { !after.contains($0) }
        case .whole:
            return kind == "leave" ? player.map { [$0] } ?? [] : []
        }
    }

    /// The counts right before this change, given the counts right after it; `nil` when the
    /// record does not say (a JSON record).
    ///
    /// - Throws: ``TableEventRecordError`` when `next` does not match what the record says the
    ///   counts became.
    package func snapshot(before next: TableSnapshot) throws(TableEventRecordError) -> TableSnapshot? {
        switch counts {
        case .whole: nil
        case .changed(let change): try next.reverting(change)
        }
    }
}

/// How one change moved a live table's counts: the stack's count before and after, the piles
/// whose count changed or that were created, and the players when they changed.
package struct TableCountChange: Hashable, Sendable {
    /// A pile whose count changed, or that the change created (`before` is `nil`).
    package struct PileCount: Hashable, Sendable {
        package let name: String
        package let before: Int?
        package let after: Int
    }

    /// How the piles changed.
    package enum Piles: Hashable, Sendable {
        /// The piles kept their names and order, and any new ones were added after them: the piles
        /// whose count changed and the new ones, in pile order.
        case counts([PileCount])
        /// Anything else (piles removed or reordered, as a full reshuffle does): every pile before
        /// and after.
        case replaced(before: [TableSnapshot.PileCount], after: [TableSnapshot.PileCount])
    }

    /// The players' names before and after a change that seated or removed players.
    package struct Players: Hashable, Sendable {
        package let before: [String]
        package let after: [String]
    }

    package let remainingBefore: Int
    package let remainingAfter: Int
    package let piles: Piles
    /// `nil` when the players stayed the same.
    package let players: Players?
    /// The names of the face-down piles before and after; `nil` when they stayed the same.
    package let faceDown: Players?

    package init(remainingBefore: Int, remainingAfter: Int, piles: Piles, players: Players?, faceDown: Players? = nil) {
        self.remainingBefore = remainingBefore
        self.remainingAfter = remainingAfter
        self.piles = piles
        self.players = players
        self.faceDown = faceDown
    }

    /// What changed from `before` to `after`.
    ///
    /// - Complexity: O(*p*) for *p* piles.
    package init(before: DeckState, after: DeckState) {
        remainingBefore = before.remaining
        remainingAfter = after.remaining
        piles = Self.piles(before: before.piles, after: after.piles)
        let playersBefore = before.table?.players ?? []
        let playersAfter = after.table?.players ?? []
        players =
            playersBefore == playersAfter
            ? nil : Players(before: playersBefore.map(\.name), after: playersAfter.map(\.name))
        let faceDownBefore = before.piles.filter(\.isFaceDown).map(\.name)
        let faceDownAfter = after.piles.filter(\.isFaceDown).map(\.name)
        faceDown = faceDownBefore == faceDownAfter ? nil : Players(before: faceDownBefore, after: faceDownAfter)
    }

    private static func piles(before: [Pile], after: [Pile]) -> Piles {
        var changed: [PileCount] = []
        guard after.count >= before.count else { return replaced(before, after) }
        for index in before.indices {
            guard before[index].name == after[index].name else { return replaced(before, after) }
            if before[index].remaining != after[index].remaining {
                changed.append(
                    PileCount(name: after[index].name, before: before[index].remaining, after: after[index].remaining))
            }
        }
        for pile in after[before.count...] {
            changed.append(PileCount(name: pile.name, before: nil, after: pile.remaining))
        }
        return .counts(changed)
    }

    private static func replaced(_ before: [Pile], _ after: [Pile]) -> Piles {
        .replaced(before: before.map(TableSnapshot.PileCount.init), after: after.map(TableSnapshot.PileCount.init))
    }
}

/// A pile turned face up or face down, as its `pile_face` event shows it.
package struct TableFaceTurn: Hashable, Sendable {
    /// The pile's name.
    package let pile: String
    /// Whether it lies face down now.
    package let faceDown: Bool
    /// The cards a face-down pile showed everyone when turned face up, bottom first; none otherwise.
    package let revealed: [Card]
}

/// A stored event record that cannot be read, or that does not fit the counts it is replayed on.
package struct TableEventRecordError: Error, Hashable, Sendable {
    /// What was wrong.
    package let reason: String

    package init(_ reason: String) { self.reason = reason }
}
