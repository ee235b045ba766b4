import PlayingCards

extension RoundVerification {
    /// Why the round is not verified, one sentence each; empty when it is verified.
    ///
    /// Before the reveal, the one reason is that only the commitment is known.
    public var failures: [String] {
        guard let audit else { return [notRevealedReason] }
        var reasons: [String] = []
        if !audit.seedIsValid {
            reasons.append("The revealed seed is not a valid seed (1 to \(SeededShuffle.maximumSeedBytes) bytes).")
        } else if !audit.commitmentHolds {
            reasons.append(
                "The revealed seed is not the one committed to: the commitment was not made from it, these cards "
                    + "and round \(round.number).")
        }
        let wrong = audit.checks.enumerated().filter { !$0.element.holds }
        if let first = wrong.first {
            let (index, check) = (first.offset, first.element)
            let place = check.expected.map { "the seed's order has \($0.code) there" } ?? "the stack was empty"
            let verb = wrong.count == 1 ? "was" : "were"
            let side = check.fromTop ? "top" : "bottom"
            reasons.append(
                "\(wrong.count) of \(audit.checks.count) cards taken from the stack \(verb) not where the seed's "
                    + "order put them: the first, card \(index + 1) taken from the \(side), is \(check.card.code), "
                    + "and \(place).")
        }
        if let card = ownCards.firstUnmatched {
            let hand = viewer.map { $0 + "'s" } ?? "your"
            reasons.append(
                "\(card.code), dealt into \(hand) hand, is not among the cards the round's history says were taken "
                    + "from the stack (in the order they came).")
        }
        return reasons
    }

    /// One plain sentence or two: what was checked and what it showed.
    ///
    /// ```
    /// Round 2 verified: the seed matches the commitment, and all 14 cards taken from the stack came from where
    /// the seed's order put them, ana's 5 among them.
    /// ```
    public var summary: String {
        guard let audit else { return notRevealedReason }
        let reasons = failures
        guard reasons.isEmpty else {
            return "Round \(round.number) is NOT verified. " + reasons.joined(separator: " ")
        }
        var text =
            "Round \(round.number) verified: the seed matches the commitment, and "
            + (audit.checks.count == 1 ? "the 1 card" : "all \(audit.checks.count) cards")
            + " taken from the stack came from where the seed's order put them"
        if let viewer, !ownCards.cards.isEmpty { text += ", \(viewer)'s \(ownCards.cards.count) among them" }
        text += "."
        if !audit.checkedEverything {
            text +=
                " The stack was reordered during the round with randomness the commitment does not cover (a shuffle "
                + "of the stack alone, or a random draw): the cards taken after that could not be checked."
        }
        return text
    }

    /// What is known of a round whose seed is not revealed.
    private var notRevealedReason: String {
        let known = "only its commitment is known (\(round.commitment.digest))"
        if round.isOver && !round.revealsSeed {
            return "Round \(round.number) is over, but this table does not reveal its seeds: \(known)."
        }
        if round.isOver { return "Round \(round.number) is over, but its seed is not revealed: \(known)." }
        let when = round.revealsSeed ? "; its seed is revealed when it ends" : ", and this table does not reveal seeds"
        return "Round \(round.number) is still being played: \(known)\(when)."
    }
}
