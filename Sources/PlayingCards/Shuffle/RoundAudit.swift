/// The check of a round's shuffle once its seed is revealed: that the seed is the one committed to,
/// and that every card that left the stack came from where the seed's order put it.
///
/// The round starts with the cards in the order `riffle-shuffle-v1` gives them (``SeededShuffle``), from the seed
/// mixed with the players' entropy when they added some (``SeedMixing``).
/// The audit replays what happened to the stack, step by step, as the round's history records it:
/// cards taken from the top or the bottom, and cards returned under the stack. Each card taken is
/// checked against the card the replayed stack had in that place.
///
/// ```swift
/// let audit = RoundAudit(commitment: announced, seed: revealed, cards: composition.allCards, round: 3,
///                        steps: [.fromTop(dealtCards), .fromBottom([lastCard])])
/// audit.isVerified          // true for an honest round
/// audit.checks              // each card taken, where it came from and what the seed's order had there
/// ```
///
/// A random draw (`draw/random/`) or a shuffle of the stack alone within the round uses randomness
/// the commitment does not cover: ``Step/stackReshuffled`` ends what can be checked, and the audit
/// says so (``checkedEverything``).
public struct RoundAudit: Hashable, Sendable {
    /// What happened to the stack, in order.
    public enum Step: Hashable, Sendable {
        /// Cards taken from the top, in the order they were taken.
        case fromTop([Card])
        /// Cards taken from the bottom, in the order they were taken (the bottom card first).
        case fromBottom([Card])
        /// Cards put under the stack, in the order they went (the last one is the new bottom card).
        case returnedToBottom([Card])
        /// The stack was reordered with randomness the commitment does not cover: nothing after it
        /// can be checked.
        case stackReshuffled
    }

    /// One card that left the stack, checked.
    public struct Check: Hashable, Sendable {
        /// The card the history says was taken.
        public let card: Card
        /// The card the seed's order had in that place (`nil` when the stack was already empty).
        public let expected: Card?
        /// Whether it was taken from the top (else from the bottom).
        public let fromTop: Bool

        /// Whether the card is the one the seed's order had there.
        public var holds: Bool { card == expected }
    }

    /// Whether the revealed seed is the one committed to, for these cards and this round.
    public let commitmentHolds: Bool
    /// Whether the seed is a valid one (1 to 256 bytes); when it is not, nothing was checked.
    public let seedIsValid: Bool
    /// The order the seed gives, top first (empty when the seed is not valid).
    public let order: [Card]
    /// Every card taken from the stack, in order, with its check.
    public let checks: [Check]
    /// Whether every step could be checked (no ``Step/stackReshuffled``).
    public let checkedEverything: Bool

    /// Whether the round is verified: the commitment holds and every card taken is the one the
    /// seed's order had in its place.
    public var isVerified: Bool { commitmentHolds && seedIsValid && checks.allSatisfy { $0.holds } }

    /// Audits a round.
    ///
    /// - Parameters:
    ///   - commitment: the commitment announced with the round's shuffle.
    ///   - seed: the seed revealed when the round ended.
    ///   - cards: the cards shuffled, in their starting order (``DeckComposition/allCards``).
    ///   - round: the round's number.
    ///   - steps: what happened to the stack during the round, in order.
    ///   - entropy: the players' contributions, in the order they were added (``SeedMixing``): the order is the
    ///     mixed seed's, while the commitment is to `seed` itself.
    /// - Complexity: O(*n* + *s*) for *n* cards and *s* cards in the steps.
    public init(
        commitment: ShuffleCommitment, seed: String, cards: [Card], round: Int, steps: [Step], entropy: [String] = []
    ) {
        commitmentHolds = commitment.isMade(bySeed: seed, cards: cards, round: round)
        guard (try? SeededShuffle(seed: seed)) != nil,
            let shuffle = try? SeededShuffle(seed: SeedMixing.mixed(seed: seed, entropy: entropy))
        else {
            seedIsValid = false
            order = []
            checks = []
            checkedEverything = false
            return
        }
        seedIsValid = true
        order = shuffle.shuffled(cards)
        var stack = StackReplay(order)
        var checks: [Check] = []
        var checkedEverything = true
        replay: for step in steps {
            switch step {
            case .fromTop(let taken):
                for card in taken { checks.append(Check(card: card, expected: stack.takeTop(), fromTop: true)) }
            case .fromBottom(let taken):
                for card in taken { checks.append(Check(card: card, expected: stack.takeBottom(), fromTop: false)) }
            case .returnedToBottom(let returned):
                stack.putUnder(returned)
            case .stackReshuffled:
                checkedEverything = false
                break replay
            }
        }
        self.checks = checks
        self.checkedEverything = checkedEverything
    }

    /// The stack as the round's steps leave it: a window over an array that grows at its bottom.
    private struct StackReplay {
        var cards: [Card]
        var top = 0

        init(_ cards: [Card]) {
            self.cards = cards
        }

        mutating func takeTop() -> Card? {
            guard top < cards.count else { return nil }
            defer { top += 1 }
            return cards[top]
        }

        mutating func takeBottom() -> Card? {
            guard top < cards.count else { return nil }
            return cards.removeLast()
        }

        mutating func putUnder(_ returned: [Card]) {
            cards.append(contentsOf: returned)
        }
    }
}
