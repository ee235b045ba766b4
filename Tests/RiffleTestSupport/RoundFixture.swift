import PlayingCards

/// One round of a live table, played honestly from a seed with PlayingCards (`SeededShuffle`, `ShuffleCommitment`),
/// and what a server following the rounds contract answers about it (``RoundFixture+Answers``): the round's history
/// pages, as each player or a spectator sees them, and the deck's info.
///
/// Tests of the SDK's and the CLI's `verify` serve these answers through a scripted transport, after tampering with
/// the round in one way (``swapTakenCard(using:)``, ``swapOwnCard(of:using:)``, or the public properties).
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 7)
/// var round = try RoundFixture.play(seed: "a1b2", number: 2, using: &generator)
/// round.seed += "0"                                 // the revealed seed no longer matches the commitment
/// ```
public struct RoundFixture: Sendable {
    /// Cards that moved in one event.
    public struct Move: Hashable, Sendable {
        /// Where from: `deck`, `drawn` or a pile.
        public var from: String
        /// Where to.
        public var to: String
        /// The cards, in the order they went.
        public var cards: [Card]
    }

    /// One event of the round, as the server stores it (every card known).
    public struct Event: Hashable, Sendable {
        /// The change number.
        public var id: Int
        /// The kind (`shuffle`, `deal`, `draw`, `return`).
        public var kind: String
        /// Who made the change.
        public var player: String?
        /// The cards that moved.
        public var moves: [Move]
        /// The stack's size after the change.
        public var remaining: Int
        /// The touched piles' sizes after the change.
        public var piles: [String: Int]
    }

    /// The deck id the answers name.
    public var deckID = "rounds000001"
    /// The players, in seat order; the first one hosts.
    public var players: [String]
    /// The cards shuffled, in their starting order.
    public var cards: [Card]
    /// The seed the round's page reveals.
    public var seed: String
    /// The round's number.
    public var number: Int
    /// The commitment the round's page announces (made from the true seed when played).
    public var commitment: String
    /// The stack's steps the round's page reports.
    public var steps: [RoundAudit.Step]
    /// The round's events.
    public var events: [Event]
    /// Whether the round is over and its seed revealed (else its page has neither seed nor steps).
    public var isRevealed = true
    /// Whether deck info names a newer round, still being played, as the latest (else this one).
    public var newerRoundIsOpen = false
    /// The most events on one history page, whatever the request's `limit` (small, to make readers page).
    public var maximumPageSize = 100
    /// The players' entropy the round object lists (mixed into the order when played: `SeedMixing`).
    public var entropy: [RoundEntropy] = []

    /// The token the answers accept for `player`.
    public static func token(for player: String) -> String { "token-" + player }

    /// Plays a round: a full shuffle of one deck with `seed`, in half the rounds one or two players' entropy mixed in
    /// (`SeedMixing`), a deal to everyone, then random deals, draws from the top and the bottom, and returns under the
    /// stack; at most about 30 cards are taken, so that some are never.
    ///
    /// - Parameters:
    ///   - seed: the round's secret seed.
    ///   - number: the round's number.
    ///   - players: the players, in seat order.
    ///   - generator: the randomness of the script.
    /// - Returns: the round, honestly played and revealed.
    public static func play(
        seed: String, number: Int, players: [String] = ["ana", "bo", "cy"],
        using generator: inout SeededRandomNumberGenerator
    ) throws -> RoundFixture {
        let cards = try DeckComposition(jokersEnabled: Bool.random(using: &generator)).allCards
        let entropy = (0..<max(0, Int.random(in: -2...2, using: &generator))).map { index in
            RoundEntropy(
                player: players[index % players.count],
                text: "dice \(UInt32.random(in: 0...UInt32.max, using: &generator))")
        }
        let mixed = SeedMixing.mixed(seed: seed, entropy: entropy.map(\.text))
        var stack = try SeededShuffle(seed: mixed).shuffled(cards)
        var drawn: [Card] = []
        var hands = Dictionary(uniqueKeysWithValues: players.map { ($0, 0) })
        var steps: [RoundAudit.Step] = []
        var events = [
            Event(id: 7, kind: "shuffle", player: players[0], moves: [], remaining: stack.count, piles: hands)
        ]
        func record(_ kind: String, _ moves: [Move]) {
            var piles: [String: Int] = [:]
            for move in moves {
                if hands[move.to] != nil {
                    hands[move.to, default: 0] += move.cards.count
                    piles[move.to] = hands[move.to]
                }
            }
            events.append(
                Event(
                    id: events.count + 7, kind: kind, player: players.randomElement(using: &generator), moves: moves,
                    remaining: stack.count, piles: piles))
        }
        // A deal to everyone first, one card at a time in seat order, so that every player holds cards.
        let each = Int.random(in: 1...4, using: &generator)
        let dealt = Array(stack.prefix(each * players.count))
        stack.removeFirst(dealt.count)
        steps.append(.fromTop(dealt))
        record(
            "deal",
            players.enumerated().map { seat, player in
                Move(
                    from: "deck", to: player,
                    cards: stride(from: seat, to: dealt.count, by: players.count).map { dealt[$0] })
            })
        var taken = dealt.count
        for _ in 0..<Int.random(in: 1...8, using: &generator) where taken < 30 {
            let count = Int.random(in: 1...3, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let cards = Array(stack.prefix(count))
                stack.removeFirst(count)
                steps.append(.fromTop(cards))
                record("deal", [Move(from: "deck", to: players.randomElement(using: &generator)!, cards: cards)])
                taken += count
            case 1:
                let cards = Array(stack.prefix(count))
                stack.removeFirst(count)
                drawn += cards
                steps.append(.fromTop(cards))
                record("draw", [Move(from: "deck", to: "drawn", cards: cards)])
                taken += count
            case 2:
                let cards = Array(stack.suffix(count).reversed())
                stack.removeLast(count)
                drawn += cards
                steps.append(.fromBottom(cards))
                record("draw", [Move(from: "deck", to: "drawn", cards: cards)])
                taken += count
            default:
                guard !drawn.isEmpty else { continue }
                let cards = Array(drawn.prefix(count))
                drawn.removeFirst(cards.count)
                stack += cards
                steps.append(.returnedToBottom(cards))
                record("return", [Move(from: "drawn", to: "deck", cards: cards)])
            }
        }
        return RoundFixture(
            players: players, cards: cards, seed: seed, number: number,
            commitment: ShuffleCommitment(seed: seed, cards: cards, round: number).digest, steps: steps,
            events: events, entropy: entropy)
    }

    /// Every card the steps take from the top or the bottom.
    public var takenCards: [Card] {
        steps.flatMap { step -> [Card] in
            switch step {
            case .fromTop(let cards), .fromBottom(let cards): cards
            case .returnedToBottom, .stackReshuffled: []
            }
        }
    }

    /// Tampers with one card taken from the stack: the step and the event that moved it both name another card of
    /// the deck (a server that dealt another card than its seed's order had there, and says so consistently).
    ///
    /// - Parameter generator: which card, and which other card.
    /// - Returns: the card replaced and its replacement.
    public mutating func swapTakenCard(using generator: inout SeededRandomNumberGenerator) -> (Card, Card) {
        let taking = steps.indices.filter { index in
            if case .fromTop(let cards) = steps[index], !cards.isEmpty { return true }
            if case .fromBottom(let cards) = steps[index], !cards.isEmpty { return true }
            return false
        }
        let stepIndex = taking.randomElement(using: &generator)!
        var (cards, fromTop) = ([Card](), true)
        if case .fromTop(let taken) = steps[stepIndex] { cards = taken }
        if case .fromBottom(let taken) = steps[stepIndex] { (cards, fromTop) = (taken, false) }
        let index = Int.random(in: 0..<cards.count, using: &generator)
        let original = cards[index]
        let replacement = self.cards.filter { $0 != original }.randomElement(using: &generator)!
        cards[index] = replacement
        steps[stepIndex] = fromTop ? .fromTop(cards) : .fromBottom(cards)
        replaceInEvents(original, with: replacement, to: nil)
        return (original, replacement)
    }

    /// Tampers with one card dealt into `player`'s hand: the player's events show a card that no step takes (the
    /// server dealt from the middle of the stack and published the seed's order as if it had not).
    ///
    /// - Parameters:
    ///   - player: the player.
    ///   - generator: which card, and which other card.
    /// - Returns: the card replaced and its replacement.
    public mutating func swapOwnCard(
        of player: String, using generator: inout SeededRandomNumberGenerator
    ) -> (Card, Card) {
        let own = events.flatMap(\.moves).filter { $0.from == "deck" && $0.to == player }.flatMap(\.cards)
        let original = own.randomElement(using: &generator)!
        let taken = Set(takenCards)
        let replacement = cards.filter { !taken.contains($0) }.randomElement(using: &generator)!
        replaceInEvents(original, with: replacement, to: player)
        return (original, replacement)
    }

    /// Replaces the first move of `card` from the stack (into `destination`, when given) with `replacement`.
    private mutating func replaceInEvents(_ card: Card, with replacement: Card, to destination: String?) {
        for eventIndex in events.indices {
            for moveIndex in events[eventIndex].moves.indices {
                let move = events[eventIndex].moves[moveIndex]
                guard move.from == "deck", destination == nil || move.to == destination,
                    let cardIndex = move.cards.firstIndex(of: card)
                else { continue }
                events[eventIndex].moves[moveIndex].cards[cardIndex] = replacement
                return
            }
        }
    }
}
