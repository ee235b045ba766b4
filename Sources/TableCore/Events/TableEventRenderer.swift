import PlayingCards

/// Writes Server-Sent Events for one subscriber, showing only what that subscriber may see.
///
/// Which cards of a move are shown follows one rule (``shownMoves(_:players:faceDown:viewer:)``): a move into
/// a place the subscriber can see lists its cards (that is what the change reveals); a move into a
/// hidden place (the stack, or another player's hand) gives its count only, and such moves are
/// merged per source and destination in a fixed order, so that neither the cards nor their new
/// order can be told. Piles show their counts only, with `"private": true` for players' hands.
///
/// A frame carries only what its change changed (``touchedPiles(_:after:)``): the piles whose count,
/// privacy or face changed, the new ones, and the names of those removed. The whole table's counts
/// are in `hello` and `resync` only, so that a frame's size follows its change, not the table's.
package struct TableEventRenderer: Sendable {
    package let cardJSON: CardJSON

    /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
    package init(cardJSON: CardJSON) {
        self.cardJSON = cardJSON
    }

    /// One move as a subscriber sees it: its cards only when the destination is visible to them.
    package struct ShownMove: Hashable, Sendable {
        package let from: CardLocation
        package let to: CardLocation
        package let count: Int
        /// The cards in destination order, or `nil` when the subscriber may not see them.
        package let cards: [Card]?
    }

    /// One event in the `text/event-stream` format.
    ///
    /// - Parameters:
    ///   - step: the stored record, with the table's counts right after it, and its number (the
    ///     event's `id:`).
    ///   - deckID: the deck.
    ///   - viewer: the subscriber's player name, `nil` for a spectator.
    package func event(_ step: TableEventReplay.Step, deckID: String, viewer: String?) -> String {
        let shown = eventParts(step, deckID: deckID, viewer: viewer)
        return Self.frame(id: step.number, event: shown.kind, data: shown.data)
    }

    /// The kind and the data line of ``event(_:deckID:viewer:)``'s frame: what the stream and the table's history
    /// (`TableHistory`) show `viewer` of one event.
    package func eventParts(
        _ step: TableEventReplay.Step, deckID: String, viewer: String?
    ) -> (kind: String, data: String) {
        let record = step.record
        let snapshot = step.snapshot
        let players = Set(snapshot.players)
        let faceDown = Set(snapshot.faceDown)
        var data = JSONObjectWriter(capacity: 512)
        data.add("deck_id", string: deckID)
        data.add("remaining", int: snapshot.remaining)
        let touched = Self.touchedPiles(record, after: snapshot)
        var piles = JSONObjectWriter()
        for pile in touched.listed {
            var entry = JSONObjectWriter()
            entry.add("remaining", int: pile.remaining)
            if players.contains(pile.name) { entry.add("private", bool: true) }
            if faceDown.contains(pile.name) { entry.add("face", string: "down") }
            piles.add(dynamicKey: pile.name, json: entry.finished())
        }
        data.add("piles", json: piles.finished())
        if !touched.removed.isEmpty {
            data.add(
                "removed_piles",
                json: jsonArray(
                    touched.removed.map { name in
                        var quoted = ""
                        JSONObjectWriter.writeString(name, to: &quoted)
                        return quoted
                    }))
        }
        var moved: [String] = []
        for move in Self.shownMoves(record.moves, players: snapshot.players, faceDown: faceDown, viewer: viewer) {
            var entry = JSONObjectWriter()
            entry.add("from", string: move.from.eventName)
            entry.add("to", string: move.to.eventName)
            entry.add("count", int: move.count)
            if let cards = move.cards { entry.add("cards", json: cardJSON.array(cards)) }
            moved.append(entry.finished())
        }
        data.add("moved", json: jsonArray(moved))
        if let player = record.player { data.add("player", string: player) }
        if let seating = record.seating {
            TablePlayersJSON.addSeating(seating, to: &data)
            if record.kind == TableEventKind.presence.rawValue,
                let seat = seating.players.first(where: { $0.name == record.player })
            {
                data.add("online", bool: seat.online)
            }
        }
        if let turn = record.turn { TablePlayersJSON.addTurn(turn, to: &data) }
        if let face = record.face {
            data.add("pile", string: face.pile)
            data.add("face", string: face.faceDown ? "down" : "up")
            if !face.faceDown { data.add("cards", json: cardJSON.array(face.revealed)) }
        }
        if let note = record.round { Self.addRound(note, to: &data) }
        return (record.kind, data.finished())
    }

    /// A change of the table's rounds, the same for every viewer: `round`, the latest round (with its `seed` when the
    /// change revealed it), and `revealed`, the round before it, when the change revealed that one's seed.
    static func addRound(_ note: TableRoundNote, to data: inout JSONObjectWriter) {
        let revealed = note.revealed
        data.add("round", json: note.round.json(seed: revealed?.number == note.round.number ? revealed?.seed : nil))
        if let revealed, revealed.number != note.round.number {
            let earlier = TableRoundNote.Round(
                number: revealed.number, commitment: revealed.commitment, isOver: true, reveals: true)
            data.add("revealed", json: earlier.json(seed: revealed.seed))
        }
    }

    /// The visibility rule for events: what `viewer` is told of a change's moves.
    ///
    /// A move into a place the viewer can see (`TableVisibility`) lists its cards. A move into a
    /// hidden place gives a count only, and all moves from one place into one hidden place are one
    /// entry, sorted by destination and source name: how a change interleaved cards into the
    /// stack or a hand would otherwise tell their order there.
    ///
    /// - Parameters:
    ///   - moves: the change's moves, in record order.
    ///   - players: the players after the change (their piles are private).
    ///   - faceDown: the piles that lie face down after the change (hidden from everyone).
    ///   - viewer: the subscriber's player name, `nil` for a spectator.
    /// - Returns: the moves as the viewer may see them: visible ones in record order, then the
    ///   merged hidden ones.
    package static func shownMoves(
        _ moves: [CardMove], players: [String], faceDown: Set<String> = [], viewer: String?
    ) -> [ShownMove] {
        let visibility = TableVisibility(viewer: viewer, players: players, faceDown: faceDown)
        var shown: [ShownMove] = []
        var hidden: [String: ShownMove] = [:]
        for move in moves {
            if visibility.canSee(move.to) {
                shown.append(ShownMove(from: move.from, to: move.to, count: move.cards.count, cards: move.cards))
            } else {
                let key = Self.placeKey(move.to) + "\u{0}" + placeKey(move.from)
                let count = (hidden[key]?.count ?? 0) + move.cards.count
                hidden[key] = ShownMove(from: move.from, to: move.to, count: count, cards: nil)
            }
        }
        return shown + hidden.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Whether `viewer`'s frame of a change differs from a spectator's: only when the change moved
    /// cards into the viewer's own hand, which the viewer sees and a spectator does not. Every
    /// other place is seen (or not) alike by both, and nothing else in a frame depends on who reads it.
    ///
    /// - Parameters:
    ///   - step: the change, with the counts after it.
    ///   - viewer: a player's name.
    /// - Returns: `false` when the spectator's frame is the viewer's too.
    package static func showsMore(of step: TableEventReplay.Step, to viewer: String) -> Bool {
        step.record.moves.contains { $0.to == .pile(viewer) } && step.snapshot.players.contains(viewer)
    }

    /// The piles a change touched, as its frame lists them.
    package struct TouchedPiles: Hashable, Sendable {
        /// The piles whose count, privacy or face changed, and the new ones, in pile order, with
        /// their counts after the change.
        package var listed: [TableSnapshot.PileCount]
        /// The names of the piles the change removed, in their old order.
        package var removed: [String]
    }

    /// The piles a change touched: what its frame lists (see ``TouchedPiles``). A record stored in
    /// the older whole-counts form does not say what changed: every pile is listed then.
    ///
    /// - Parameters:
    ///   - record: the change.
    ///   - snapshot: the counts right after it.
    /// - Complexity: O(*p*) for the *p* piles whose count changed; O(*q*) in the table's *q* piles
    ///   when the change also seated or unseated players, turned piles, or removed piles.
    package static func touchedPiles(_ record: TableEventRecord, after snapshot: TableSnapshot) -> TouchedPiles {
        guard case .changed(let change) = record.counts else {
            return TouchedPiles(listed: snapshot.piles, removed: [])
        }
        if case .counts(let counts) = change.piles, change.players == nil, change.faceDown == nil {
            return TouchedPiles(
                listed: counts.map { TableSnapshot.PileCount(name: $0.name, remaining: $0.after) }, removed: [])
        }
        var names: Set<String> = []
        var removed: [String] = []
        switch change.piles {
        case .counts(let counts):
            for count in counts { names.insert(count.name) }
        case .replaced(let before, let after):
            let old = Dictionary(before.map { ($0.name, $0.remaining) }, uniquingKeysWith: { first, _ in first })
            let kept = Set(after.map(\.name))
            for pile in after where old[pile.name] != pile.remaining { names.insert(pile.name) }
            removed = before.map(\.name).filter { !kept.contains($0) }
        }
        // A player seated or unseated makes a pile private or public; a pile turned, face down or up.
        for side in [change.players, change.faceDown].compactMap({ $0 }) {
            names.formUnion(Set(side.before).symmetricDifference(side.after))
        }
        let listed = names.isEmpty ? [] : snapshot.piles.filter { names.contains($0.name) }
        return TouchedPiles(listed: listed, removed: removed)
    }

    /// A sort key for a place that no pile name can clash with (a pile may be named `deck`).
    private static func placeKey(_ location: CardLocation) -> String {
        switch location {
        case .stack: "0"
        case .drawn: "1"
        case .pile(let name): "2" + name
        }
    }

    /// One SSE frame: `id:`, `event:` and a one-line `data:`, then a blank line.
    package static func frame(id: Int64, event: String, data: String) -> String {
        "id: " + String(id) + "\nevent: " + event + "\ndata: " + data + "\n\n"
    }
}
