import PlayingCards

extension DeckAPI {
    func pileAction(
        _ action: APIRoute.PileAction, pile: String, deckID id: String, _ parameters: APIParameters
    ) async throws -> APIResponse {
        guard PileName.isValid(pile) else {
            throw APIError.badRequest(
                "The pile name '" + String(pile.prefix(70)) + "' is not valid: use 1 to 64 characters from "
                    + "a-z, A-Z, 0-9, '-' and '_'.")
        }
        switch action {
        case .add: return try await addToPile(pile, id, parameters)
        case .list: return try await listPile(pile, id)
        case .shuffle: return try await shufflePile(pile, id)
        case .draw(let source): return try await drawFromPile(pile, id, source: source, parameters)
        case .returnCards: return try await returnPile(pile, id, parameters)
        }
    }

    private func addToPile(_ pile: String, _ id: String, _ parameters: APIParameters) async throws -> APIResponse {
        guard let cards = try parameters.cards() else { throw APIError.cardsRequiredForPile }
        let deck = try await change(id) { deck in
            try deck.addToPile(named: pile, cards: cards)
            return deck
        }
        return pileSummary(id, deck)
    }

    private func listPile(_ pile: String, _ id: String) async throws -> APIResponse {
        let deck = try await existingDeck(id)
        do {
            _ = try deck.existingPile(named: pile)
        } catch {
            throw APIError(deckError: error)
        }
        return pileSummary(id, deck, listing: pile)
    }

    private func shufflePile(_ pile: String, _ id: String) async throws -> APIResponse {
        let deck = try await change(id) { deck in
            try deck.shufflePile(named: pile)
            return deck
        }
        return pileSummary(id, deck)
    }

    private func drawFromPile(
        _ pile: String, _ id: String, source: DrawSource, _ parameters: APIParameters
    ) async throws -> APIResponse {
        // An empty `cards=` draws by count, as in the public API.
        let cards = parameters["cards"]?.isEmpty == false ? try parameters.cards() : nil
        let count = try parameters.count()
        let (drawn, deck) = try await change(id) { deck in
            (try deck.drawFromPile(named: pile, cards: cards, count: count, from: source), deck)
        }
        var body = successBody(id)
        body.add("cards", json: cardJSON.current.array(drawn))
        body.add("piles", json: pilesJSON(deck, listing: nil))
        return APIResponse(json: body.json)
    }

    private func returnPile(_ pile: String, _ id: String, _ parameters: APIParameters) async throws -> APIResponse {
        let cards = try parameters.cards()
        let deck = try await change(id) { deck in
            try deck.returnPile(named: pile, cards: cards)
            return deck
        }
        return pileSummary(id, deck)
    }

    private func pileSummary(_ id: String, _ deck: DeckState, listing: String? = nil) -> APIResponse {
        var body = successBody(id)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: listing))
        return APIResponse(json: body.json)
    }

    /// `{"name": {"remaining": n}, …}` in creation order, with `cards` for the listed pile only.
    private func pilesJSON(_ deck: DeckState, listing: String?) -> String {
        var piles = JSONObjectWriter()
        for pile in deck.piles {
            var entry = JSONObjectWriter()
            entry.add("remaining", int: pile.remaining)
            if pile.name == listing { entry.add("cards", json: cardJSON.current.array(pile.cards)) }
            piles.add(dynamicKey: pile.name, json: entry.json)
        }
        return piles.json
    }
}
