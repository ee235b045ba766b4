import PlayingCards

extension DeckAPI {
    func pileAction(
        _ action: APIRoute.PileAction, pile: String, deckID id: String, _ parameters: APIParameters, _ caller: Caller
    ) async throws -> APIResponse {
        guard PileName.isValid(pile) else {
            throw APIError.badRequest(
                "The pile name '" + String(pile.prefix(70)) + "' is not valid: use 1 to 64 characters from "
                    + "a-z, A-Z, 0-9, '-' and '_'.")
        }
        switch action {
        case .add: return try await addToPile(pile, id, parameters, caller)
        case .list: return try await listPile(pile, id, caller)
        case .shuffle: return try await shufflePile(pile, id, caller)
        case .draw(let source): return try await drawFromPile(pile, id, source: source, parameters, caller)
        case .returnCards: return try await returnPile(pile, id, parameters, caller)
        case .deal: return try await deal(pile, id, parameters, caller)
        }
    }

    /// On a live table a card is taken only out of places the caller can see: a card in another
    /// player's hand is ignored, as one still in the stack is.
    private func addToPile(
        _ pile: String, _ id: String, _ parameters: APIParameters, _ caller: Caller
    ) async throws -> APIResponse {
        guard let cards = try parameters.cards() else { throw APIError.cardsRequiredForPile }
        let (deck, player) = try await change(id, as: caller, kind: "pile_add") { deck, player in
            let visible = deck
            try deck.addToPile(named: pile, cards: cards, takingFrom: { visible.canSeePile($0, viewer: player) })
            return (deck, player)
        }
        return pileSummary(id, deck, viewer: player)
    }

    private func listPile(_ pile: String, _ id: String, _ caller: Caller) async throws -> APIResponse {
        let deck = try await existingDeck(id)
        let player = try caller.player(on: deck)
        do {
            _ = try deck.existingPile(named: pile)
        } catch {
            throw APIError(deckError: error)
        }
        return pileSummary(id, deck, listing: pile, viewer: player)
    }

    private func shufflePile(_ pile: String, _ id: String, _ caller: Caller) async throws -> APIResponse {
        let (deck, player) = try await change(id, as: caller, kind: "pile_shuffle") { deck, player in
            try Self.checkOwnership(of: pile, on: deck, by: player)
            try deck.shufflePile(named: pile)
            return (deck, player)
        }
        return pileSummary(id, deck, viewer: player)
    }

    private func drawFromPile(
        _ pile: String, _ id: String, source: DrawSource, _ parameters: APIParameters, _ caller: Caller
    ) async throws -> APIResponse {
        // An empty `cards=` draws by count, as in the public API.
        let cards = parameters["cards"]?.isEmpty == false ? try parameters.cards() : nil
        let count = try parameters.count()
        let (drawn, deck, player) = try await change(id, as: caller, kind: "pile_draw") { deck, player in
            try Self.checkOwnership(of: pile, on: deck, by: player)
            return (try deck.drawFromPile(named: pile, cards: cards, count: count, from: source), deck, player)
        }
        var body = successBody(id)
        body.add("cards", json: cardJSON.current.array(drawn))
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: player))
        return APIResponse(json: body.finished())
    }

    private func returnPile(
        _ pile: String, _ id: String, _ parameters: APIParameters, _ caller: Caller
    ) async throws -> APIResponse {
        let cards = try parameters.cards()
        let (deck, player) = try await change(id, as: caller, kind: "pile_return") { deck, player in
            try Self.checkOwnership(of: pile, on: deck, by: player)
            try deck.returnPile(named: pile, cards: cards)
            return (deck, player)
        }
        return pileSummary(id, deck, viewer: player)
    }

    /// Throws 403 when `pile` is another player's private hand.
    static func checkOwnership(of pile: String, on deck: DeckState, by player: String?) throws(APIError) {
        guard deck.canSeePile(pile, viewer: player) else { throw .notYourPile(pile) }
    }

    func pileSummary(_ id: String, _ deck: DeckState, listing: String? = nil, viewer: String?) -> APIResponse {
        var body = successBody(id)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: listing, viewer: viewer))
        return APIResponse(json: body.finished())
    }

    /// The `piles` object as `viewer` may see it (see ``TablePilesJSON``).
    func pilesJSON(_ deck: DeckState, listing: String?, viewer: String?) -> String {
        TablePilesJSON.piles(deck, listing: listing, viewer: viewer, cardJSON: cardJSON.current)
    }
}
