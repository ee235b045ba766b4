import PlayingCards

/// The counts of a live table that its events show: the stack's count, every pile's count in
/// creation order, who the players are (their piles are private), and which piles lie face down.
///
/// Records store only what a change changed (``TableCountChange``); the snapshot after each event
/// comes from replaying them on a known snapshot, forwards (``applying(_:)``) or backwards
/// (``reverting(_:)``). Each step checks that the snapshot is what the record says it was, so a
/// record that does not belong where it is replayed is an error, never a wrong count.
package struct TableSnapshot: Hashable, Sendable {
    /// A pile's name and count.
    package struct PileCount: Hashable, Sendable {
        package let name: String
        package var remaining: Int

        package init(name: String, remaining: Int) {
            self.name = name
            self.remaining = remaining
        }

        package init(_ pile: Pile) {
            self.init(name: pile.name, remaining: pile.remaining)
        }
    }

    /// Cards left in the stack.
    package var remaining: Int
    /// Every pile, in creation order.
    package var piles: [PileCount]
    /// The players' names.
    package var players: [String]
    /// The names of the piles that lie face down, in pile order.
    package var faceDown: [String]

    package init(remaining: Int, piles: [PileCount], players: [String], faceDown: [String] = []) {
        self.remaining = remaining
        self.piles = piles
        self.players = players
        self.faceDown = faceDown
    }

    /// The counts of `deck`.
    package init(_ deck: DeckState) {
        remaining = deck.remaining
        piles = deck.piles.map(PileCount.init)
        players = deck.table?.players.map(\.name) ?? []
        faceDown = deck.piles.filter(\.isFaceDown).map(\.name)
    }

    /// The counts after `change`, which must start from these counts.
    ///
    /// - Throws: ``TableEventRecordError`` when these counts are not what `change` started from.
    package func applying(_ change: TableCountChange) throws(TableEventRecordError) -> TableSnapshot {
        var next = self
        guard remaining == change.remainingBefore else { throw .mismatch("the stack's count") }
        next.remaining = change.remainingAfter
        switch change.piles {
        case .counts(let counts):
            for count in counts {
                if let before = count.before {
                    guard let index = next.piles.firstIndex(where: { $0.name == count.name }),
                        next.piles[index].remaining == before
                    else { throw .mismatch("pile " + count.name) }
                    next.piles[index].remaining = count.after
                } else {
                    guard !next.piles.contains(where: { $0.name == count.name }) else {
                        throw .mismatch("new pile " + count.name)
                    }
                    next.piles.append(PileCount(name: count.name, remaining: count.after))
                }
            }
        case .replaced(let before, let after):
            guard piles == before else { throw .mismatch("the piles") }
            next.piles = after
        }
        if let players = change.players {
            guard self.players == players.before else { throw .mismatch("the players") }
            next.players = players.after
        }
        if let faceDown = change.faceDown {
            guard self.faceDown == faceDown.before else { throw .mismatch("the face-down piles") }
            next.faceDown = faceDown.after
        }
        return next
    }

    /// The counts before `change`, which must have ended in these counts.
    ///
    /// - Throws: ``TableEventRecordError`` when these counts are not what `change` ended in.
    package func reverting(_ change: TableCountChange) throws(TableEventRecordError) -> TableSnapshot {
        var previous = self
        guard remaining == change.remainingAfter else { throw .mismatch("the stack's count") }
        previous.remaining = change.remainingBefore
        switch change.piles {
        case .counts(let counts):
            // New piles were added last, in order: take them off the end, last first.
            for count in counts.reversed() {
                if let before = count.before {
                    guard let index = previous.piles.firstIndex(where: { $0.name == count.name }),
                        previous.piles[index].remaining == count.after
                    else { throw .mismatch("pile " + count.name) }
                    previous.piles[index].remaining = before
                } else {
                    guard previous.piles.last == PileCount(name: count.name, remaining: count.after) else {
                        throw .mismatch("new pile " + count.name)
                    }
                    previous.piles.removeLast()
                }
            }
        case .replaced(let before, let after):
            guard piles == after else { throw .mismatch("the piles") }
            previous.piles = before
        }
        if let players = change.players {
            guard self.players == players.after else { throw .mismatch("the players") }
            previous.players = players.before
        }
        if let faceDown = change.faceDown {
            guard self.faceDown == faceDown.after else { throw .mismatch("the face-down piles") }
            previous.faceDown = faceDown.before
        }
        return previous
    }
}

extension TableEventRecordError {
    fileprivate static func mismatch(_ what: String) -> TableEventRecordError {
        TableEventRecordError("the record does not fit " + what + " it is replayed on")
    }
}
