import PlayingCards

/// The Deck of Cards API's operations: each parses its parameters, does its work on a deck as one
/// atomic store change, and writes the response.
///
/// Parameters are validated before anything changes, so a bad request changes nothing.
struct DeckAPI: Sendable {
    let store: any DeckStore
    let cardJSON: PublicCardJSON
    let clock: @Sendable () -> Int64

    func respond(to route: APIRoute, parameters: APIParameters) async throws -> APIResponse {
        switch route {
        case .newDeck(let shuffled): return try await newDeck(shuffled: shuffled, parameters)
        case .newDeckAndDraw: return try await newDeckAndDraw(parameters)
        case .deckInfo(let id): return try await deckInfo(id)
        case .reshuffle(let id): return try await reshuffle(id, parameters)
        case .draw(let id, let source): return try await draw(id, source: source, parameters)
        case .returnCards(let id): return try await returnCards(id, parameters)
        case .drawnCards(let id): return try await drawnCards(id)
        case .pile(let id, let pile, let action):
            return try await pileAction(action, pile: pile, deckID: id, parameters)
        }
    }

    /// Answers `HEAD` without changing anything: the status a read of the same deck would have.
    func respondToHead(_ route: APIRoute) async throws -> APIResponse {
        guard let id = route.deckID else { return APIResponse(json: "") }
        _ = try await existingDeck(id)
        return APIResponse(json: "")
    }

    // MARK: New decks

    private func composition(_ parameters: APIParameters) throws -> DeckComposition {
        let deckCount = try parameters.integer("deck_count")
        let jokers = parameters.boolean("jokers_enabled") ?? false
        let cards = try parameters.cards()
        do {
            return try DeckComposition(deckCount: deckCount, jokersEnabled: jokers, partialContents: cards)
        } catch {
            // The public API answers these with 200 and `success: false`.
            throw APIError(status: .ok, message: error.message)
        }
    }

    private func newDeck(shuffled: Bool, _ parameters: APIParameters) async throws -> APIResponse {
        let deck = DeckState(composition: try composition(parameters), shuffled: shuffled)
        let id = try await store.insert(deck, now: clock())
        return deckSummary(id, deck)
    }

    private func newDeckAndDraw(_ parameters: APIParameters) async throws -> APIResponse {
        let count = try parameters.count()
        var deck = DeckState(composition: try composition(parameters), shuffled: true)
        let outcome = try deck.draw(count: count)
        let id = try await store.insert(deck, now: clock())
        return drawResponse(id, outcome, remaining: deck.remaining)
    }

    // MARK: The main stack

    private func deckInfo(_ id: String) async throws -> APIResponse {
        deckSummary(id, try await existingDeck(id))
    }

    private func reshuffle(_ id: String, _ parameters: APIParameters) async throws -> APIResponse {
        let onlyRemaining = parameters.boolean("remaining") == true
        let jokers = parameters.boolean("jokers_enabled")
        let contents = try parameters.cards()
        let deck = try await change(id) { deck in
            if onlyRemaining {
                deck.shuffleRemaining()
            } else {
                deck.shuffleAll(jokersEnabled: jokers, partialContents: contents)
            }
            return deck
        }
        return deckSummary(id, deck)
    }

    private func draw(_ id: String, source: DrawSource, _ parameters: APIParameters) async throws -> APIResponse {
        let count = try parameters.count()
        let (outcome, remaining) = try await change(id) { deck in
            (try deck.draw(count: count, from: source), deck.remaining)
        }
        return drawResponse(id, outcome, remaining: remaining)
    }

    private func returnCards(_ id: String, _ parameters: APIParameters) async throws -> APIResponse {
        let cards = try parameters.cards()
        let remaining = try await change(id) { deck in
            deck.returnCards(cards)
            return deck.remaining
        }
        var body = successBody(id)
        body.add("remaining", int: remaining)
        return APIResponse(json: body.json)
    }

    private func drawnCards(_ id: String) async throws -> APIResponse {
        let deck = try await existingDeck(id)
        var body = successBody(id)
        body.add("cards", json: cardJSON.current.array(deck.drawn))
        body.add("remaining", int: deck.remaining)
        return APIResponse(json: body.json)
    }

    // MARK: Helpers shared with the pile endpoints

    func existingDeck(_ id: String) async throws -> DeckState {
        guard DeckID.isWellFormed(id), let deck = try await store.deck(withID: id) else { throw APIError.unknownDeck }
        return deck
    }

    /// Runs `work` on the deck as one atomic store change; ``DeckError``s become the API's error answers.
    func change<Result: Sendable>(
        _ id: String, _ work: @escaping @Sendable (inout DeckState) throws -> Result
    ) async throws -> Result {
        guard DeckID.isWellFormed(id) else { throw APIError.unknownDeck }
        do {
            guard let result = try await store.update(deckID: id, now: clock(), { deck in try work(&deck) }) else {
                throw APIError.unknownDeck
            }
            return result
        } catch let error as DeckError {
            throw APIError(deckError: error, deckID: id)
        }
    }

    func successBody(_ id: String) -> JSONObjectWriter {
        var body = JSONObjectWriter()
        body.add("success", bool: true)
        body.add("deck_id", string: id)
        return body
    }

    private func deckSummary(_ id: String, _ deck: DeckState) -> APIResponse {
        var body = successBody(id)
        body.add("remaining", int: deck.remaining)
        body.add("shuffled", bool: deck.shuffled)
        return APIResponse(json: body.json)
    }

    private func drawResponse(_ id: String, _ outcome: DrawOutcome, remaining: Int) -> APIResponse {
        var body = JSONObjectWriter(capacity: 256 + outcome.cards.count * 200)
        body.add("success", bool: outcome.isComplete)
        body.add("deck_id", string: id)
        body.add("cards", json: cardJSON.current.array(outcome.cards))
        body.add("remaining", int: remaining)
        if let message = outcome.shortfallMessage { body.add("error", string: message) }
        return APIResponse(json: body.json)
    }
}

extension APIError {
    init(deckError: DeckError, deckID: String) {
        switch deckError.kind {
        case .tooManyDecks, .tooFewDecks:
            self.init(status: .ok, message: deckError.message, deckID: deckID)
        case .negativeCount, .invalidPileName:
            self.init(status: .badRequest, message: deckError.message, deckID: deckID)
        case .pileNotFound, .pileLacksCards, .notEnoughCards:
            self.init(status: .notFound, message: deckError.message, deckID: deckID)
        }
    }
}
