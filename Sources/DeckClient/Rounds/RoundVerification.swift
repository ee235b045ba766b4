import PlayingCards

/// The check of one round of a live table (``DeckOfCardsClient/verify(deckID:round:)``): whether the revealed seed
/// is the one committed to, whether every card taken from the stack came from where the seed's order (mixed with the
/// players' entropy, if any) put it, and whether the cards this viewer was dealt are among those cards.
///
/// ```swift
/// let verification = try await ana.verify(deckID: id, round: 1)
/// if verification.isVerified {
///     print(verification.summary)      // "Round 1 verified: the seed matches the commitment, …"
/// } else {
///     print(verification.failures)     // why not, one sentence each
/// }
/// ```
///
/// Before the round's seed is revealed, only its commitment is known: ``isRevealed`` is `false`, nothing is
/// checked, ``isVerified`` is `false`, and ``summary`` says so.
public struct RoundVerification: Hashable, Sendable {
    /// The deck id.
    public let deckID: String
    /// The round checked.
    public let round: RoundStatus
    /// The cards shuffled, in their starting order: those the commitment covers.
    public let startingCards: [PlayingCards.Card]
    /// The player whose view of the round was checked, `nil` for a spectator.
    public let viewer: String?
    /// The audit of the seed and of the stack's steps (`RoundAudit`), once the seed is revealed; `nil` before.
    public let audit: RoundAudit?
    /// The cross-check of the viewer's own cards against the stack's steps.
    public let ownCards: OwnCardsCheck

    /// The viewer's own cards from the stack, checked against the cards the round's steps say were taken.
    ///
    /// A server could play its seed's order honestly in the steps it publishes and deal other cards: the viewer
    /// knows which cards came into their hand, so each of them must be among the cards taken from the top or the
    /// bottom, in the same order.
    public struct OwnCardsCheck: Hashable, Sendable {
        /// The cards the viewer's history shows moving from the stack into the viewer's hand, in order (empty for a
        /// spectator).
        public let cards: [PlayingCards.Card]
        /// Whether the check was made (the steps are known only once the seed is revealed).
        public let wasChecked: Bool
        /// The first of ``cards`` not found, in order, among the cards taken; `nil` when every one was.
        public let firstUnmatched: PlayingCards.Card?

        /// Whether every own card was found, in order, among the cards taken (`false` when not checked).
        public var holds: Bool { wasChecked && firstUnmatched == nil }

        /// Checks `cards` against the cards taken, in order.
        ///
        /// - Parameters:
        ///   - cards: the viewer's own cards from the stack, in order.
        ///   - taken: the cards taken from the top or the bottom, in order, or `nil` when not known.
        /// - Complexity: O(*n* + *t*) for *n* own cards and *t* taken.
        public init(cards: [PlayingCards.Card], taken: [PlayingCards.Card]?) {
            self.cards = cards
            guard let taken else {
                wasChecked = false
                firstUnmatched = nil
                return
            }
            wasChecked = true
            // A greedy match is enough: `cards` is a subsequence of `taken` exactly when matching each card at its
            // earliest place after the previous one's succeeds.
            var next = taken.startIndex
            for card in cards {
                guard let found = taken[next...].firstIndex(of: card) else {
                    firstUnmatched = card
                    return
                }
                next = taken.index(after: found)
            }
            firstUnmatched = nil
        }
    }

    /// Whether the round's seed is revealed, so that it could be checked.
    public var isRevealed: Bool { audit != nil }
    /// Whether the revealed seed is the one committed to, for these cards and this round; `nil` before the reveal.
    public var commitmentHolds: Bool? { audit.map { $0.commitmentHolds && $0.seedIsValid } }
    /// Every card taken from the stack that could be checked, in order, with the card the seed's order had there.
    public var checks: [RoundAudit.Check] { audit?.checks ?? [] }
    /// Whether every step of the round could be checked (the stack was never reordered with randomness the
    /// commitment does not cover); `false` before the reveal.
    public var checkedEverything: Bool { audit?.checkedEverything ?? false }
    /// Whether the round is verified: revealed, the commitment holds, every card taken is the one the seed's order
    /// had in its place, and the viewer's own cards are among them.
    public var isVerified: Bool { (audit?.isVerified ?? false) && ownCards.holds }

    /// Checks a round from its history.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - record: the round as its history page describes it.
    ///   - events: the round's events, as the viewer's history shows them.
    ///   - viewer: the player the history was shown to, `nil` for a spectator.
    /// - Throws: ``DeckClientError/Code/decodingFailed`` when the round uses a commitment scheme other than
    ///   `riffle-commit-v1`, or is revealed without its steps.
    public init(deckID: String, record: RoundRecord, events: [DeckEvent], viewer: String?) throws {
        guard record.round.scheme == ShuffleCommitment.scheme else {
            throw DeckClientError(
                code: .decodingFailed,
                message: "Round \(record.round.number) uses the commitment scheme \"\(record.round.scheme)\"; "
                    + "this SDK checks \(ShuffleCommitment.scheme) only.",
                keyPath: "round.scheme")
        }
        self.deckID = deckID
        round = record.round
        startingCards = record.cards
        self.viewer = viewer
        let own = viewer.map { Self.cardsFromStack(into: $0, events: events) } ?? []
        guard let seed = record.round.seed else {
            audit = nil
            ownCards = OwnCardsCheck(cards: own, taken: nil)
            return
        }
        guard let steps = record.steps else {
            throw DeckClientError(
                code: .decodingFailed,
                message: "Round \(record.round.number) is revealed, but its history does not say what happened "
                    + "to the stack.",
                keyPath: "round.steps")
        }
        audit = RoundAudit(
            commitment: record.round.commitment, seed: seed, cards: record.cards, round: record.round.number,
            steps: steps, entropy: record.round.entropy.map(\.text))
        ownCards = OwnCardsCheck(cards: own, taken: Self.takenCards(steps))
    }

    /// Every card the steps take from the top or the bottom, in order, past a reshuffle too: the viewer's cards must
    /// be among them even where their places cannot be checked.
    static func takenCards(_ steps: [RoundAudit.Step]) -> [PlayingCards.Card] {
        var taken: [PlayingCards.Card] = []
        for step in steps {
            switch step {
            case .fromTop(let cards), .fromBottom(let cards): taken += cards
            case .returnedToBottom, .stackReshuffled: break
            }
        }
        return taken
    }

    /// The cards the events show moving from the stack into `viewer`'s hand, in order.
    ///
    /// Events name the stack `deck`, and a pile may be called `deck` too: a move from `deck` in an event that
    /// touched a pile of that name may come from the pile, and is left out rather than taken for the stack's.
    static func cardsFromStack(into viewer: String, events: [DeckEvent]) -> [PlayingCards.Card] {
        var cards: [PlayingCards.Card] = []
        for event in events where !event.piles.contains(where: { $0.name == "deck" }) {
            for move in event.moved where move.from == "deck" && move.to == viewer {
                cards += move.cards ?? []
            }
        }
        return cards
    }
}
