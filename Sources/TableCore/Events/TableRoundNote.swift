import PlayingCards

/// What a change did to a table's rounds, as its event record keeps it: the latest round after the change (started,
/// ended, or its reveal setting changed) and, when the change revealed a round's seed, that round's seed and the
/// steps its stack went through.
///
/// A round's history (``TableRoundHistory``) is read from these notes: the round's commitment and starting cards
/// from the note of the shuffle that started it, its seed and steps from the note that revealed it.
package struct TableRoundNote: Hashable, Sendable {
    /// A round as it stands after the change.
    package struct Round: Hashable, Sendable {
        package let number: Int
        package let commitment: ShuffleCommitment
        package let isOver: Bool
        /// The table's reveal setting after the change.
        package let reveals: Bool
        /// The players' contributions to the order so far (``SeedMixing``).
        package var entropy: [RoundEntropy] = []
    }

    /// A round whose seed the change revealed.
    package struct Reveal: Hashable, Sendable {
        package let number: Int
        package let commitment: ShuffleCommitment
        package let seed: String
        package let steps: [RoundAudit.Step]
    }

    /// The latest round after the change.
    package let round: Round
    /// The cards in their starting order, when the change started ``round`` (what the commitment covers).
    package let startingCards: [Card]?
    /// The round the change revealed, if it revealed one (``round`` itself, or the one before it).
    package let revealed: Reveal?

    package init(round: Round, startingCards: [Card]?, revealed: Reveal?) {
        self.round = round
        self.startingCards = startingCards
        self.revealed = revealed
    }

    /// What the change from `before` to `after` did to the table's rounds; `nil` when it left them as they were
    /// (a change of the stack only adds to the open round's steps, which the revealing note carries).
    ///
    /// A seed is revealed only when its round is over (its cards gathered by a new round's shuffle, or every card
    /// put back by the host's end of the round) and the table reveals its rounds.
    ///
    /// - Complexity: O(*c*) for *c* cards in the deck, when the change started a round.
    package init?(before: DeckState, after: DeckState) {
        guard let table = after.table, let latest = table.round else { return nil }
        let previous = before.table?.round
        let revealedBefore = before.revealsLatestRound
        let started = previous?.number != latest.number
        guard
            started || previous?.isOver != latest.isOver || before.table?.revealsRounds != table.revealsRounds
                || previous?.entropy != latest.entropy
        else { return nil }
        round = Round(
            number: latest.number, commitment: latest.commitment, isOver: latest.isOver, reveals: table.revealsRounds,
            entropy: latest.entropy)
        startingCards = started ? after.composition.allCards : nil
        if started, let previous, table.revealsRounds, !revealedBefore {
            revealed = Reveal(previous)
        } else if !started, !revealedBefore, after.revealsLatestRound {
            revealed = Reveal(latest)
        } else {
            revealed = nil
        }
    }
}

extension TableRoundNote.Reveal {
    init(_ round: TableRound) {
        self.init(number: round.number, commitment: round.commitment, seed: round.seed, steps: round.steps)
    }
}

extension TableRoundNote.Round {
    /// The round object of answers and events: `{"number", "scheme", "commitment", "reveal", "over"}`, with
    /// `entropy` (`[{"player", "text"}]`) once a player has added some, and `seed` when `seed` is given.
    package func json(seed: String? = nil) -> String {
        var object = JSONObjectWriter(capacity: 160)
        object.add("number", int: number)
        object.add("scheme", string: ShuffleCommitment.scheme)
        object.add("commitment", string: commitment.digest)
        object.add("reveal", bool: reveals)
        object.add("over", bool: isOver)
        if !entropy.isEmpty {
            let contributions = entropy.map { contribution in
                var entry = JSONObjectWriter()
                entry.add("player", string: contribution.player)
                entry.add("text", string: contribution.text)
                return entry.finished()
            }
            object.add("entropy", json: "[" + contributions.joined(separator: ",") + "]")
        }
        if let seed { object.add("seed", string: seed) }
        return object.finished()
    }
}

extension TableRoundNote.Round {
    /// The latest round of `deck`'s table, as answers show it, `nil` before its first round.
    package init?(latestOf deck: DeckState) {
        guard let table = deck.table, let round = table.round else { return nil }
        self.init(
            number: round.number, commitment: round.commitment, isOver: round.isOver, reveals: table.revealsRounds,
            entropy: round.entropy)
    }

    /// The round object with its seed when `deck` reveals it.
    package static func json(latestOf deck: DeckState) -> String? {
        guard let round = Self(latestOf: deck) else { return nil }
        return round.json(seed: deck.revealsLatestRound ? deck.table?.round?.seed : nil)
    }
}
