/// A round of a live table: the host's full reshuffle starts one, from a fresh secret seed (``SeededShuffle``)
/// that the table is shown only as a commitment (``ShuffleCommitment``) until the round is over.
///
/// While the round is open, every change of the stack is kept as a ``RoundAudit/Step`` (cards taken from the top
/// or the bottom, cards put under it, or a reordering the seed does not cover), so that once the seed is revealed
/// anyone can replay the round on the seed's order and check each card that left the stack (``RoundAudit``).
///
/// A round is over when the next full reshuffle gathers its cards or the host ends it
/// (``DeckState/endRound()``); only then may its seed be revealed, since the seed shows every hand of the round.
public struct TableRound: Hashable, Sendable {
    /// The most cards the steps of one round keep; past it, the stack's later changes are recorded as
    /// ``RoundAudit/Step/stackReshuffled`` (nothing after it is checked), so that a round of endless draws and
    /// returns cannot grow the deck past what it stores.
    public static let maximumRecordedCards = 4096

    /// The round's number: 1 for a table's first round.
    public let number: Int
    /// The secret seed the round's order was made from (`riffle-shuffle-v1`); shown only once revealed.
    public let seed: String
    /// The commitment to ``seed``, the cards in their starting order and ``number``, announced with the shuffle.
    public let commitment: ShuffleCommitment
    /// What happened to the stack while the round was open, in order.
    public internal(set) var steps: [RoundAudit.Step]
    /// Whether the round is over (its cards gathered by a full reshuffle, or the host ended it).
    public internal(set) var isOver: Bool
    /// The players' contributions to the order, in the order they were added (see ``SeedMixing``).
    public internal(set) var entropy: [RoundEntropy]

    /// The seed the round's order comes from: ``seed`` mixed with ``entropy``.
    public var orderSeed: String { SeedMixing.mixed(seed: seed, entropy: entropy.map { $0.text }) }

    /// Creates a round.
    ///
    /// - Parameters:
    ///   - number: the round's number.
    ///   - seed: the secret seed.
    ///   - commitment: the commitment to the seed.
    ///   - steps: the stack's changes so far.
    ///   - isOver: whether the round is over.
    ///   - entropy: the players' contributions so far.
    public init(
        number: Int, seed: String, commitment: ShuffleCommitment, steps: [RoundAudit.Step], isOver: Bool,
        entropy: [RoundEntropy] = []
    ) {
        self.number = number
        self.seed = seed
        self.commitment = commitment
        self.steps = steps
        self.isOver = isOver
        self.entropy = entropy
    }

    /// The cards the steps hold, all steps together.
    public var recordedCards: Int {
        steps.reduce(0) { $0 + $1.cardCount }
    }

    /// Whether a later change of the stack can still be checked: no reordering the seed does not cover so far.
    public var isCheckable: Bool { steps.last != .stackReshuffled }

    /// Records how the stack went from `before` to `after` (nothing when it did not change).
    ///
    /// One change does one thing to the stack: it takes cards from the top or the bottom, or puts cards under it;
    /// anything else (a random draw, a shuffle of the stack alone) is a reordering the seed does not cover. Cards
    /// taken or put back right after others of the same kind join their step.
    ///
    /// - Complexity: O(*n*) for *n* cards in the stack.
    mutating func record(stackBefore before: [Card], after: [Card]) {
        guard !isOver, isCheckable, before != after else { return }
        var step = Self.step(from: before, to: after)
        if recordedCards + step.cardCount > Self.maximumRecordedCards { step = .stackReshuffled }
        switch (steps.last, step) {
        case (.fromTop(let earlier)?, .fromTop(let cards)): steps[steps.count - 1] = .fromTop(earlier + cards)
        case (.fromBottom(let earlier)?, .fromBottom(let cards)): steps[steps.count - 1] = .fromBottom(earlier + cards)
        case (.returnedToBottom(let earlier)?, .returnedToBottom(let cards)):
            steps[steps.count - 1] = .returnedToBottom(earlier + cards)
        default: steps.append(step)
        }
    }

    /// The one step that takes the stack from `before` to `after` (which differ).
    static func step(from before: [Card], to after: [Card]) -> RoundAudit.Step {
        if after.count < before.count {
            let taken = before.count - after.count
            if after.elementsEqual(before[taken...]) { return .fromTop(Array(before[..<taken])) }
            if after.elementsEqual(before[..<after.count]) { return .fromBottom(before[after.count...].reversed()) }
        } else if after.count > before.count, after.starts(with: before) {
            return .returnedToBottom(Array(after[before.count...]))
        }
        return .stackReshuffled
    }
}

extension RoundAudit.Step {
    /// The cards the step moves.
    var cardCount: Int {
        switch self {
        case .fromTop(let cards), .fromBottom(let cards), .returnedToBottom(let cards): cards.count
        case .stackReshuffled: 0
        }
    }
}

/// One player's contribution to a round's order (see ``SeedMixing``): public, since the server's secret seed keeps
/// the order unpredictable.
public struct RoundEntropy: Hashable, Sendable {
    /// The player who added it.
    public let player: String
    /// The contribution: 1 to ``SeedMixing/maximumEntropyBytes`` bytes of text.
    public let text: String

    /// Creates a contribution.
    ///
    /// - Parameters:
    ///   - player: the player who added it.
    ///   - text: the contribution.
    public init(player: String, text: String) {
        self.player = player
        self.text = text
    }
}
