import PlayingCards

@testable import TableCore

/// Random tables and random requests for the noninterference property test.
struct RandomTable {
    /// The public piles a random table may have (and requests may name).
    static let publicPiles = ["centre", "discard", "river"]

    /// A table of 2…6 players (the first hosts; seats possibly reordered, display names, a turn
    /// holder and strict turns at random), with cards dealt into hands, drawn, and in public piles,
    /// from a possibly partial deck of 1…3 copies.
    static func make(using generator: inout SeededRandomNumberGenerator) throws -> DeckState {
        let deckCount = Int.random(in: 1...3, using: &generator)
        let jokers = Bool.random(using: &generator)
        var contents: [Card]?
        if Int.random(in: 0..<4, using: &generator) == 0 {
            contents = Card.standardCards.filter { _ in Int.random(in: 0..<3, using: &generator) > 0 }
        }
        let composition = try DeckComposition(deckCount: deckCount, jokersEnabled: jokers, partialContents: contents)
        var deck = DeckState(composition: composition, shuffled: true, using: &generator)
        let playerCount = Int.random(in: 2...6, using: &generator)
        for seat in 0..<playerCount {
            let displayName = Bool.random(using: &generator) ? "Zoë " + String(seat) : nil
            try? deck.join(player: playerName(seat), tokenHash: tokenHash(seat), displayName: displayName)
        }
        if Bool.random(using: &generator) {
            try? deck.reorderSeats((0..<playerCount).map(playerName).shuffled(using: &generator))
        }
        // A round open (its secret seed in the state), now and then one whose table does not reveal rounds.
        if Bool.random(using: &generator) {
            try deck.startRound(seed: try SeededShuffle(seed: DeckCore.freshSeed(using: &generator)))
            deck.setRevealsRounds(Int.random(in: 0..<4, using: &generator) > 0)
        }
        if Bool.random(using: &generator) {
            try? deck.setTurn(playerName(Int.random(in: 0..<playerCount, using: &generator)))
            deck.setStrictTurns(Bool.random(using: &generator))
        }
        // Each change of the stack is noted in the open round, as the core notes a request's.
        func noting(_ change: (inout DeckState) -> Void) {
            let before = deck.stack
            change(&deck)
            deck.noteStackChange(since: before)
        }
        for seat in 0..<playerCount {
            let count = min(deck.remaining, Int.random(in: 0...6, using: &generator))
            noting { _ = try? $0.deal(toPile: playerName(seat), count: count) }
        }
        for pile in publicPiles where Bool.random(using: &generator) {
            let count = min(deck.remaining, Int.random(in: 0...4, using: &generator))
            noting { _ = try? $0.deal(toPile: pile, count: count) }
            if Bool.random(using: &generator) {
                let count = Int.random(in: 0...3, using: &generator)
                noting { deck in
                    let outcome = try? deck.draw(count: count, using: &generator)
                    _ = try? deck.addToPile(named: pile, cards: outcome?.cards ?? [])
                }
            }
        }
        let drawCount = Int.random(in: 0...5, using: &generator)
        noting { _ = try? $0.draw(count: drawCount, using: &generator) }
        // Face-down piles: a stock dealt face down, and public piles turned over.
        if Bool.random(using: &generator) {
            let count = min(deck.remaining, Int.random(in: 0...6, using: &generator))
            noting { _ = try? $0.deal(toPile: "stock", count: count, creatingFaceDown: true) }
        }
        for pile in publicPiles where deck.pile(named: pile) != nil && Int.random(in: 0..<3, using: &generator) == 0 {
            _ = try? deck.setFace(ofPile: pile, faceDown: true)
        }
        if Bool.random(using: &generator) { _ = deck.countChange() }
        return deck
    }

    static func playerName(_ seat: Int) -> String { "p" + String(seat) }

    static func tokenHash(_ seat: Int) -> [UInt8] { TableToken.hash("token-of-player-" + String(seat)) }

    /// A random caller: a spectator, or one of the seated players (the host among them).
    static func caller(on deck: DeckState, using generator: inout SeededRandomNumberGenerator) -> Caller {
        let players = deck.table?.players ?? []
        let pick = Int.random(in: 0...players.count, using: &generator)
        return pick == players.count ? .spectator : .token(hash: players[pick].tokenHash)
    }

    /// A random request, with card codes and pile names that may well point at hidden places.
    static func request(
        on deck: DeckState, step: Int, using generator: inout SeededRandomNumberGenerator
    )
        -> DeckOperation
    {
        let players = deck.table?.players.map(\.name) ?? []
        let piles = deck.piles.map(\.name) + publicPiles + ["stock", "new" + String(step % 3)]
        func pile() -> String { piles.randomElement(using: &generator) ?? "centre" }
        func cards(_ maximum: Int) -> [Card] {
            let pool = deck.composition.cardsPerCopy + [Card.allCards[Int.random(in: 0..<54, using: &generator)]]
            return (0..<Int.random(in: 1...maximum, using: &generator)).compactMap { _ in
                pool.randomElement(using: &generator)
            }
        }
        func source() -> DrawSource { [.top, .bottom, .random].randomElement(using: &generator) ?? .top }
        let faceDown = Int.random(in: 0..<4, using: &generator) == 0
        switch Int.random(in: 0..<25, using: &generator) {
        case 0: return .info
        case 1:
            // Now and then with a seed, which a seated deck refuses.
            let seed = Int.random(in: 0..<4, using: &generator) == 0 ? try? SeededShuffle(seed: "s") : nil
            return .reshuffle(
                onlyRemaining: Bool.random(using: &generator), jokersEnabled: nil, partialContents: nil, seed: seed)
        case 2: return .draw(count: Int.random(in: 0...4, using: &generator), source: source())
        case 3: return .returnCards(Bool.random(using: &generator) ? cards(3) : nil)
        case 4: return .drawnCards
        case 5, 6, 7:
            let from: String? = Int.random(in: 0..<3, using: &generator) == 0 ? pile() : nil
            return .addToPile(
                pile: pile(), cards: cards(3), from: from, faceDown: faceDown,
                atBottom: Int.random(in: 0..<3, using: &generator) == 0)
        case 8: return .listPile(pile: pile())
        case 9: return .shufflePile(pile: pile())
        case 10:
            let named = Bool.random(using: &generator)
            return .drawFromPile(
                pile: pile(), cards: named ? cards(2) : nil, count: Int.random(in: 0...3, using: &generator),
                source: source())
        case 11: return .returnPile(pile: pile(), cards: Bool.random(using: &generator) ? cards(2) : nil)
        case 12, 13: return .deal(pile: pile(), count: Int.random(in: 0...4, using: &generator), faceDown: faceDown)
        case 14:
            let name = Bool.random(using: &generator) ? pile() : "q" + String(step)
            let displayName = Bool.random(using: &generator) ? "山田 " + String(step) : nil
            return .join(player: name, token: "token-of-joiner-" + String(step), displayName: displayName)
        case 15:
            return .leave(player: players.randomElement(using: &generator) ?? "p0")
        case 16:
            return .table(.rename(player: players.randomElement(using: &generator) ?? "p0", displayName: "José"))
        case 19, 20:
            return .table(.face(pile: pile(), faceDown: Bool.random(using: &generator)))
        case 21:
            return .table(.dealToEveryone(count: Int.random(in: 0...4, using: &generator)))
        case 22:
            return .table(.endRound)
        case 23:
            return .table(.revealRounds(Bool.random(using: &generator)))
        case 24:
            return .table(.addEntropy("entropy " + String(step)))
        case 17:
            var order = players.shuffled(using: &generator)
            if Int.random(in: 0..<4, using: &generator) == 0 { order = Array(order.dropLast()) }
            return .table(.seats(order: order))
        default:
            let targets: [TableRequest.TurnTarget?] = [
                nil, .next, .nobody, .player(players.randomElement(using: &generator) ?? "p0"),
            ]
            let target = targets.randomElement(using: &generator) ?? nil
            let strictChoices: [Bool?] = target == nil ? [true, false] : [nil, true, false]
            let strict = strictChoices.randomElement(using: &generator) ?? nil
            return .table(.turn(to: target, strict: strict))
        }
    }

    /// A random `If-Match`: mostly none, else the deck's change number, a stale one, or `*`.
    static func precondition(
        on deck: DeckState, using generator: inout SeededRandomNumberGenerator
    ) -> ChangePrecondition? {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: .changeNumber(deck.changeNumber)
        case 1: .changeNumber(max(0, deck.changeNumber - 1))
        case 2: .anyChangeNumber
        default: nil
        }
    }

    /// The hidden positions a request reads by position, which the twin keeps: in the stack, the
    /// top or bottom `count` cards of a draw or deal, the whole stack for a random draw; in a
    /// face-down pile, the top or bottom `count` cards of a draw from it, the whole pile for a
    /// random draw or when it is turned face up (everyone then sees it).
    struct FixedPositions {
        var stack: Range<Int> = 0..<0
        var piles: [String: Range<Int>] = [:]
    }

    static func fixedPositions(of request: DeckOperation, on deck: DeckState) -> FixedPositions {
        let stackCount = deck.stack.count
        var fixed = FixedPositions()
        switch request {
        case .draw(let count, .top), .deal(_, let count, _):
            fixed.stack = 0..<min(max(count, 0), stackCount)
        case .table(.dealToEveryone(let count)):
            fixed.stack = 0..<min(max(count, 0) * (deck.table?.players.count ?? 0), stackCount)
        case .draw(let count, .bottom):
            fixed.stack = (stackCount - min(max(count, 0), stackCount))..<stackCount
        case .draw(_, .random):
            fixed.stack = 0..<stackCount
        case .drawFromPile(let pile, nil, let count, let source):
            let pileCount = deck.pile(named: pile)?.cards.count ?? 0
            let taken = min(max(count, 0), pileCount)
            switch source {
            case .top: fixed.piles[pile] = (pileCount - taken)..<pileCount
            case .bottom: fixed.piles[pile] = 0..<taken
            case .random: fixed.piles[pile] = 0..<pileCount
            }
        case .table(.face(let pile, faceDown: false)):
            fixed.piles[pile] = 0..<(deck.pile(named: pile)?.cards.count ?? 0)
        default:
            break
        }
        return fixed
    }

    /// A twin of `deck`: the cards hidden from both `caller` and `observer` permuted among the
    /// places hidden from both (the stack, the hands of every other player and the face-down piles,
    /// less the positions the request reads), each place keeping its size.
    static func twin(
        of deck: DeckState, hiddenFrom caller: String?, and observer: String?, keeping fixed: FixedPositions,
        using generator: inout SeededRandomNumberGenerator
    ) -> DeckState {
        var stack = deck.stack
        var piles = deck.piles
        let players = Set(deck.table?.players.map(\.name) ?? [])
        // Slots as (pile index or -1 for the stack, index), and the cards in them.
        var slotPiles: [Int] = []
        var slotIndices: [Int] = []
        var cards: [Card] = []
        for index in stack.indices where !fixed.stack.contains(index) {
            slotPiles.append(-1)
            slotIndices.append(index)
            cards.append(stack[index])
        }
        for pileIndex in piles.indices {
            let name = piles[pileIndex].name
            let hiddenHand = players.contains(name) && name != caller && name != observer
            guard hiddenHand || piles[pileIndex].isFaceDown else { continue }
            for index in piles[pileIndex].cards.indices where fixed.piles[name]?.contains(index) != true {
                slotPiles.append(pileIndex)
                slotIndices.append(index)
                cards.append(piles[pileIndex].cards[index])
            }
        }
        cards.shuffle(using: &generator)
        var pileCards = piles.map(\.cards)
        for slot in cards.indices {
            if slotPiles[slot] < 0 {
                stack[slotIndices[slot]] = cards[slot]
            } else {
                pileCards[slotPiles[slot]][slotIndices[slot]] = cards[slot]
            }
        }
        piles = piles.indices.map { Pile(name: piles[$0].name, cards: pileCards[$0], isFaceDown: piles[$0].isFaceDown) }
        return DeckState(
            composition: deck.composition, stack: stack, piles: piles,
            drawn: deck.drawn, shuffled: deck.shuffled, table: deck.table, changeNumber: deck.changeNumber)
    }
}

extension RandomTable {
    /// A twin of `deck` for a hand about to depart: the cards of `player`'s hand and of the stack
    /// permuted among those places (each keeping its size), as someone who sees neither cannot
    /// tell them apart; `deck` itself when the hand is empty.
    static func twin(
        of deck: DeckState, mixingHandOf player: String, using generator: inout SeededRandomNumberGenerator
    ) -> DeckState {
        // An empty hand is no secret (its count is public), and leaves the stack as it was.
        guard let handIndex = deck.piles.firstIndex(where: { $0.name == player }), !deck.piles[handIndex].cards.isEmpty
        else { return deck }
        var piles = deck.piles
        let hand = piles[handIndex]
        var cards = deck.stack + hand.cards
        cards.shuffle(using: &generator)
        let stack = Array(cards.prefix(deck.stack.count))
        piles[handIndex] = Pile(
            name: hand.name, cards: Array(cards.dropFirst(deck.stack.count)), isFaceDown: hand.isFaceDown)
        return DeckState(
            composition: deck.composition, stack: stack, piles: piles,
            drawn: deck.drawn, shuffled: deck.shuffled, table: deck.table, changeNumber: deck.changeNumber)
    }
}
