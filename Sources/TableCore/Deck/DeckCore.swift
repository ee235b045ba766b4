import DeckStorage
import HTTPTypes
import PlayingCards

/// What the core answers for one request: the full rendered answer, the record of the change
/// (live tables only) and the deck's change number after it.
package struct DeckOutcome: Sendable {
    /// The status and JSON body, success or error, with the change number for the `ETag`.
    package var response: APIResponse
    /// What the change recorded, when the request changed a live table.
    package let record: TableEventRecord?
    /// The deck's change number after the request (unchanged when nothing changed).
    package let changeNumber: Int64
    /// The deck's id.
    package let deckID: String

    /// The event to store with the change: the record, numbered with the change number.
    package var event: StoredDeckEvent? {
        record.map { StoredDeckEvent(deckID: deckID, number: changeNumber, payload: $0.encoded()) }
    }
}

/// The pure request core of the Deck of Cards API: a request, the deck's state, the caller and a
/// random number generator in, the full answer and the change's event out. No store, no clock, no
/// I/O: the store runs it inside one transaction (so that the answer and the change are one), and
/// the noninterference property test runs it directly.
///
/// Every request follows the same steps:
/// 1. the caller is resolved against the deck (a bad token: 401);
/// 2. roles: on a seated deck a change needs a player's token (401; joining excepted), a full
///    reshuffle needs the host (403);
/// 3. a change's `If-Match` (``ChangePrecondition``) must match the deck's change number (412 with
///    the deck as the caller may see it);
/// 4. the operation runs on a copy of the deck, seeing only what the caller may see
///    (`TableVisibility`); an error answers JSON and leaves the deck as it was;
/// 5. a change that changed something (or any shuffle) is counted in the deck's change number and,
///    on a live table, recorded as an event.
///
/// Every answer carries the deck's change number after the request (``APIResponse/changeNumber``),
/// which the HTTP layer sends as the `ETag`.
package struct DeckCore: Sendable {
    /// The card objects answers are rendered with.
    package let cardJSON: CardJSON

    /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
    package init(cardJSON: CardJSON) {
        self.cardJSON = cardJSON
    }

    /// Answers `request` on `deck`, changing `deck` only when the answer is a success.
    ///
    /// - Parameters:
    ///   - request: the parsed request.
    ///   - id: the deck's id, for the answer and the event.
    ///   - deck: the deck's current state; left as it was unless the request succeeds and changes it.
    ///   - caller: who is asking.
    ///   - precondition: the change's `If-Match`, if any (a read ignores it).
    ///   - generator: the randomness for shuffles and random draws.
    /// - Returns: the answer, the event and the change number.
    package func answer<G: RandomNumberGenerator>(
        _ request: DeckOperation, deckID id: String, deck: inout DeckState, caller: Caller,
        precondition: ChangePrecondition? = nil, using generator: inout G
    ) -> DeckOutcome {
        var numbered = unnumberedOutcome(
            of: request, deckID: id, deck: &deck, caller: caller, precondition: precondition, using: &generator)
        numbered.response.changeNumber = numbered.changeNumber
        return numbered
    }

    private func unnumberedOutcome<G: RandomNumberGenerator>(
        of request: DeckOperation, deckID id: String, deck: inout DeckState, caller: Caller,
        precondition: ChangePrecondition?, using generator: inout G
    ) -> DeckOutcome {
        do {
            let player = try caller.player(on: deck)
            if request.changesDeck {
                try Self.checkRole(for: request, on: deck, player: player)
                if let precondition, !precondition.holds(atChangeNumber: deck.changeNumber) {
                    let response = preconditionFailed(precondition, deckID: id, deck: deck, viewer: player)
                    return DeckOutcome(response: response, record: nil, changeNumber: deck.changeNumber, deckID: id)
                }
            }
            var working = deck
            let response = try perform(request, deckID: id, on: &working, player: player, using: &generator)
            guard request.changesDeck, working != deck || request.alwaysCounts else {
                return DeckOutcome(response: response, record: nil, changeNumber: deck.changeNumber, deckID: id)
            }
            let before = deck
            // A new round, or a player's entropy, sets the stack's order afresh: not a step of the round.
            if let round = working.table?.round, round.number == before.table?.round?.number,
                round.entropy == before.table?.round?.entropy
            {
                working.noteStackChange(since: before.stack)
            }
            working.noteGifts(
                afterChangeBy: player, before: before,
                gift: Self.gift(of: request, by: player, before: before, after: working))
            let number = working.countChange()
            do {
                try working.checkEncodable()
            } catch {
                throw APIError.badRequest("The change would make the deck too large to store; nothing changed.")
            }
            var record: TableEventRecord?
            if working.isLiveTable, let kind = request.eventKind {
                record = TableEventRecord(
                    kind: kind.rawValue, player: Self.actor(of: request, player: player), before: before,
                    after: working, moves: Self.knownMoves(of: request, before: before, after: working),
                    face: Self.faceTurn(of: request, before: before, after: working))
            }
            deck = working
            return DeckOutcome(response: response, record: record, changeNumber: number, deckID: id)
        } catch {
            return DeckOutcome(
                response: Self.apiError(error).response, record: nil, changeNumber: deck.changeNumber, deckID: id)
        }
    }

    /// The moves of a change whose operation says where its cards went, without comparing the two
    /// states card by card: a draw appends the cards it takes from the stack to the drawn cards, a
    /// deal to its pile. Those are what `DeckState.moves(since:)` finds (the appended copies are the
    /// top-most ones), at the cost of the cards moved instead of a pass over the drawn cards.
    ///
    /// - Returns: the moves, or `nil` for any other change (they are then diffed), or when the
    ///   counts say the operation did something else.
    package static func knownMoves(of request: DeckOperation, before: DeckState, after: DeckState) -> [CardMove]? {
        let taken = before.stack.count - after.stack.count
        switch request {
        case .draw:
            guard taken >= 0, after.drawn.count - before.drawn.count == taken else { return nil }
            return taken == 0 ? [] : [CardMove(from: .stack, to: .drawn, cards: Array(after.drawn.suffix(taken)))]
        case .deal(let pile, _, _):
            let old = before.pile(named: pile)?.cards.count ?? 0
            guard taken >= 0, after.drawn.count == before.drawn.count, let cards = after.pile(named: pile)?.cards,
                cards.count - old == taken
            else { return nil }
            return taken == 0 ? [] : [CardMove(from: .stack, to: .pile(pile), cards: Array(cards.suffix(taken)))]
        default:
            return nil
        }
    }

    /// What a `face/` request turned, for its event: the pile, its face now, and the cards a
    /// face-down pile showed when turned face up.
    package static func faceTurn(of request: DeckOperation, before: DeckState, after: DeckState) -> TableFaceTurn? {
        guard case .table(.face(let pile, let faceDown)) = request else { return nil }
        let wasFaceDown = before.pile(named: pile)?.isFaceDown == true
        let revealed = wasFaceDown && !faceDown ? after.pile(named: pile)?.cards ?? [] : []
        return TableFaceTurn(pile: pile, faceDown: faceDown, revealed: revealed)
    }

    /// Who the event names: the player who asked, or the one who joined or left.
    private static func actor(of request: DeckOperation, player: String?) -> String? {
        switch request {
        case .join(let name, _, _), .leave(let name), .table(.rename(let name, _)): name
        default: player
        }
    }

    /// The roles: a seated deck changes only through its players (anyone may join), and only its
    /// host starts a new round; the table's people endpoints have their own
    /// (``checkTableRole(for:on:player:)``), and strict turns keep everyone but the turn holder
    /// from moving cards (``checkTurn(for:on:player:)``). Who else may remove a player is checked
    /// by ``leave``.
    private static func checkRole(for request: DeckOperation, on deck: DeckState, player: String?) throws(APIError) {
        guard deck.isSeated else { return }
        if case .join = request { return }
        guard let player else { throw .seatedDeckNeedsPlayer }
        if case .reshuffle(onlyRemaining: false, _, _, _) = request, let host = deck.host, player != host {
            throw .onlyHostReshuffles(host)
        }
        if case .table(let table) = request { try checkTableRole(for: table, on: deck, player: player) }
        try checkTurn(for: request, on: deck, player: player)
    }

    private func perform<G: RandomNumberGenerator>(
        _ request: DeckOperation, deckID id: String, on deck: inout DeckState, player: String?, using generator: inout G
    ) throws -> APIResponse {
        switch request {
        case .info:
            return deckSummary(id, deck, withTable: true)
        case .reshuffle(let onlyRemaining, let jokers, let contents, let seed):
            try Self.checkSeedAllowed(seed, on: deck)
            switch (onlyRemaining, seed) {
            case (true, nil): deck.shuffleRemaining(using: &generator)
            case (true, let seed?): deck.shuffleRemaining(seededBy: seed)
            case (false, nil) where deck.isSeated:
                // The host's new round: a fresh secret seed, committed to in the answer and the event.
                let secret = try SeededShuffle(seed: Self.freshSeed(using: &generator))
                try deck.startRound(seed: secret, jokersEnabled: jokers, partialContents: contents)
            case (false, nil): deck.shuffleAll(jokersEnabled: jokers, partialContents: contents, using: &generator)
            case (false, let seed?): deck.shuffleAll(jokersEnabled: jokers, partialContents: contents, seededBy: seed)
            }
            return deckSummary(id, deck, seed: seed)
        case .draw(let count, let source):
            let outcome = try deck.draw(count: count, from: source, using: &generator)
            return drawResponse(id, outcome, remaining: deck.remaining)
        case .returnCards(let cards):
            deck.returnCards(cards)
            var body = successBody(id)
            body.add("remaining", int: deck.remaining)
            return APIResponse(json: body.finished())
        case .drawnCards:
            var body = successBody(id)
            body.add("cards", json: cardJSON.array(deck.drawn))
            body.add("remaining", int: deck.remaining)
            return APIResponse(json: body.finished())
        case .addToPile(let pile, let cards, let source, let faceDown, let atBottom):
            return try addToPile(
                pile, cards: cards, from: source, faceDown: faceDown, atBottom: atBottom, deckID: id, on: &deck,
                player: player)
        case .listPile(let pile):
            _ = try deck.existingPile(named: pile)
            return pileSummary(id, deck, listing: pile, viewer: player)
        case .shufflePile(let pile, let seed):
            try Self.checkOwnership(of: pile, on: deck, by: player)
            try Self.checkSeedAllowed(seed, on: deck)
            if let seed {
                try deck.shufflePile(named: pile, seededBy: seed)
            } else {
                try deck.shufflePile(named: pile, using: &generator)
            }
            var response = pileSummary(id, deck, viewer: player)
            if let seed { response = Self.adding(seed: seed, to: response) }
            return response
        case .drawFromPile(let pile, let cards, let count, let source):
            try Self.checkOwnership(of: pile, on: deck, by: player)
            let drawn = try deck.drawFromPile(named: pile, cards: cards, count: count, from: source, using: &generator)
            var body = successBody(id)
            body.add("cards", json: cardJSON.array(drawn))
            body.add("piles", json: pilesJSON(deck, listing: nil, viewer: player))
            return APIResponse(json: body.finished())
        case .returnPile(let pile, let cards):
            try Self.checkOwnership(of: pile, on: deck, by: player)
            try deck.returnPile(named: pile, cards: cards)
            return pileSummary(id, deck, viewer: player)
        case .deal(let pile, let count, let faceDown):
            return try deal(pile, count: count, faceDown: faceDown, deckID: id, on: &deck, player: player)
        case .join(let name, let token, let displayName):
            return try join(name, token: token, displayName: displayName, deckID: id, on: &deck)
        case .leave(let name):
            return try leave(name, deckID: id, on: &deck, player: player, using: &generator)
        case .table(let table):
            return try change(table, deckID: id, on: &deck, player: player, using: &generator)
        }
    }

    /// The JSON error answer for anything an operation threw.
    private static func apiError(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        case let error as DeckError: APIError(deckError: error)
        case let error as TableError: APIError(tableError: error)
        default: .storageUnavailable
        }
    }
}

extension APIError {
    package init(deckError: DeckError) {
        switch deckError.kind {
        case .tooManyDecks, .tooFewDecks:
            self.init(status: .ok, message: deckError.message)
        case .negativeCount, .invalidPileName, .tooManyPiles, .invalidSeed:
            self.init(status: .badRequest, message: deckError.message)
        case .pileNotFound, .pileLacksCards, .notEnoughCards, .cardNotThere:
            self.init(status: .notFound, message: deckError.message)
        }
    }

    package init(tableError: TableError) {
        switch tableError.kind {
        case .playerExists, .pileHoldsCards: self.init(status: .conflict, message: tableError.message)
        case .playerNotFound: self.init(status: .notFound, message: tableError.message)
        case .pileIsAHand, .noRoundOpen, .roundAlreadyDealt, .entropyAlreadyAdded:
            self.init(status: .conflict, message: tableError.message)
        case .tableLocked: self.init(status: .forbidden, message: tableError.message)
        case .tableFull, .invalidPlayerName, .reservedPlayerName, .invalidTokenHash, .tooManyPiles, .displayNameTooLong,
            .invalidSeatOrder,
            .invalidPileName:
            self.init(status: .badRequest, message: tableError.message)
        }
    }

    package static let seatedDeckNeedsPlayer = APIError(
        status: .unauthorized,
        message: "This deck has players: only they may change it. Send 'Authorization: Bearer <token>' with the "
            + "token you got when you joined, or join with POST /api/deck/<id>/player/<name>/.")

    package static func onlyHostReshuffles(_ host: String) -> APIError {
        APIError(
            status: .forbidden,
            message: "Only the host, " + host + ", may reshuffle the whole deck (a new round); "
                + "any player may shuffle the stack with remaining=true.")
    }
}

extension DeckCore {
    /// A seeded shuffle makes an order that anyone who knows the seed can predict: refused on a seated deck, whose
    /// players must not know the order (409, nothing changes).
    package static func checkSeedAllowed(_ seed: SeededShuffle?, on deck: DeckState) throws(APIError) {
        guard seed != nil, deck.isSeated else { return }
        throw .seededShuffleOnTable
    }
}

extension APIError {
    /// A seeded shuffle on a seated deck.
    package static let seededShuffleOnTable = APIError(
        status: .conflict,
        message: "A seeded shuffle gives an order anyone with the seed can predict, so a table with players "
            + "does not take one; shuffle without seed.")
}
