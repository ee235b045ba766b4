extension DeckState {
    /// Starts the table's next round: every card back into the stack in the order `seed` gives
    /// (``shuffleAll(jokersEnabled:partialContents:seededBy:)``), the round before it over (its cards are gathered),
    /// and a new ``TableRound`` numbered after it, committed to with ``ShuffleCommitment``.
    ///
    /// - Parameters:
    ///   - seed: the round's fresh secret seed.
    ///   - jokersEnabled: when given, switches jokers on or off for good.
    ///   - partialContents: when given, replaces the remembered contents.
    /// - Throws: ``TableError`` when the deck is not a table.
    public mutating func startRound(
        seed: SeededShuffle, jokersEnabled: Bool? = nil, partialContents: [Card]? = nil
    ) throws(TableError) {
        guard table != nil else { throw .noRoundOpen }
        shuffleAll(jokersEnabled: jokersEnabled, partialContents: partialContents, seededBy: seed)
        let number = (table?.round?.number ?? 0) + 1
        table?.round = TableRound(
            number: number, seed: seed.seed,
            commitment: ShuffleCommitment(seed: seed.seed, cards: composition.allCards, round: number), steps: [],
            isOver: false)
    }

    /// Ends the open round (the host's choice): every card in a pile or drawn goes back into the stack, which is
    /// shuffled with `generator` (so that the gathered hands lie nowhere anyone could draw them from), the piles are
    /// kept empty, and the round is over, so its seed may be revealed.
    ///
    /// - Parameter generator: the randomness for the gathered stack (not the round's seed).
    /// - Throws: ``TableError`` when no round is open.
    public mutating func endRound<G: RandomNumberGenerator>(using generator: inout G) throws(TableError) {
        guard var round = table?.round, !round.isOver else { throw .noRoundOpen }
        for index in piles.indices {
            stack.append(contentsOf: piles[index].cards)
            piles[index].cards.removeAll()
        }
        stack.append(contentsOf: drawn)
        drawn.removeAll()
        stack.shuffle(using: &generator)
        round.isOver = true
        table?.round = round
    }

    /// Adds a player's entropy to the open round, before its first card has left the stack: the stack is put in the
    /// order the round's seed mixed with every contribution so far gives (``SeedMixing``).
    ///
    /// - Parameters:
    ///   - text: 1 to ``SeedMixing/maximumEntropyBytes`` bytes of text.
    ///   - player: the seated player adding it; each player adds at most once a round.
    /// - Throws: ``TableError`` when no round is open, a card has left its stack, or the player has added already.
    public mutating func addEntropy(_ text: String, by player: String) throws(TableError) {
        guard var round = table?.round, !round.isOver else { throw .noRoundOpen }
        guard round.steps.isEmpty, stack.count == composition.allCards.count else { throw .roundAlreadyDealt }
        guard !round.entropy.contains(where: { $0.player == player }) else { throw .entropyAlreadyAdded }
        round.entropy.append(RoundEntropy(player: player, text: text))
        guard let order = try? SeededShuffle(seed: round.orderSeed) else { return }
        stack = order.shuffled(composition.allCards)
        table?.round = round
    }

    /// Sets whether the table's rounds are revealed once over (see ``TableState/revealsRounds``).
    ///
    /// - Parameter reveals: the setting.
    public mutating func setRevealsRounds(_ reveals: Bool) {
        table?.revealsRounds = reveals
    }

    /// The open round's seed may be revealed: it is over, and the table reveals its rounds.
    public var revealsLatestRound: Bool {
        guard let table, let round = table.round else { return false }
        return round.isOver && table.revealsRounds
    }

    /// Records in the open round how the stack changed since `before` (see ``TableRound``).
    ///
    /// - Parameter before: the stack before the change.
    public mutating func noteStackChange(since before: [Card]) {
        guard table?.round?.isOver == false, before != stack else { return }
        table?.round?.record(stackBefore: before, after: stack)
    }
}
