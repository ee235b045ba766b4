import DeckStorage
import HTTPTypes
import PlayingCards

/// The Deck of Cards API's operations: each parses its parameters, does its work on a deck as one
/// atomic store change, and writes the response.
///
/// Parameters are validated before anything changes, so a bad request changes nothing.
struct DeckAPI: Sendable {
    let store: any DeckStore
    let cardJSON: PublicCardJSON
    let clock: @Sendable () -> Int64

    /// Answers one API request.
    ///
    /// - Parameters:
    ///   - route: the endpoint.
    ///   - parameters: the request's parameters.
    ///   - caller: who is asking (a spectator unless the request carries a token).
    ///   - method: the request's method (joining a table takes `POST` only).
    func respond(
        to route: APIRoute, parameters: APIParameters, caller: Caller = .spectator, method: HTTPRequest.Method = .get
    ) async throws -> APIResponse {
        switch route {
        case .newDeck(let shuffled): return try await newDeck(shuffled: shuffled, parameters)
        case .newDeckAndDraw: return try await newDeckAndDraw(parameters)
        case .deckInfo(let id): return try await deckInfo(id, caller)
        case .reshuffle(let id): return try await reshuffle(id, parameters, caller)
        case .draw(let id, let source): return try await draw(id, source: source, parameters, caller)
        case .returnCards(let id): return try await returnCards(id, parameters, caller)
        case .drawnCards(let id): return try await drawnCards(id, caller)
        case .pile(let id, let pile, let action):
            return try await pileAction(action, pile: pile, deckID: id, parameters, caller)
        case .join(let id, let player): return try await join(id, player: player, method: method)
        case .events: throw APIError.badRequest("The events endpoint answers a text/event-stream GET.")
        }
    }

    /// Answers `HEAD` without changing anything: the status a read of the same deck would have,
    /// a token checked as a `GET` checks it (401 for a malformed token or one of another deck).
    func respondToHead(_ route: APIRoute, caller: Caller = .spectator) async throws -> APIResponse {
        guard let id = route.deckID else { return APIResponse(json: "") }
        _ = try caller.player(on: try await existingDeck(id))
        return APIResponse(json: "")
    }

    // MARK: New decks

    /// The deck a new-deck request asks for; `cards` is read only when `readsCards`.
    private func composition(_ parameters: APIParameters, readsCards: Bool = true) throws -> DeckComposition {
        let deckCount = try checkedDeckCount(parameters)
        let jokers = parameters.boolean("jokers_enabled") ?? false
        let cards = readsCards ? try parameters.cards() : nil
        return try DeckComposition(deckCount: deckCount, jokersEnabled: jokers, partialContents: cards)
    }

    /// `deck_count`, 1…20. Out of range answers `200` with `success: false`, as the public API does.
    private func checkedDeckCount(_ parameters: APIParameters) throws -> Int {
        let deckCount = try parameters.integer("deck_count")
        do {
            try DeckComposition.checkDeckCount(deckCount)
        } catch {
            throw APIError(status: .ok, message: error.message)
        }
        return deckCount
    }

    private func newDeck(shuffled: Bool, _ parameters: APIParameters) async throws -> APIResponse {
        let deck = DeckState(composition: try composition(parameters), shuffled: shuffled)
        let id = try await store.insert(deck, now: clock())
        return deckSummary(id, deck)
    }

    /// `/deck/new/draw/`: a new shuffled deck (`cards` is ignored, as in the public API), then a draw.
    private func newDeckAndDraw(_ parameters: APIParameters) async throws -> APIResponse {
        let (deck, outcome) = try shuffledDeckAfterDraw(parameters)
        let id = try await store.insert(deck, now: clock())
        return drawResponse(id, outcome, remaining: deck.remaining)
    }

    /// A new shuffled deck with the requested draw already taken. Kept out of the async function
    /// above: Swift 6.3.1's optimizer crashes splitting that coroutine when the typed-throwing draw
    /// sits inside it (release builds, signal 11 in LLVM's coroutine splitting).
    private func shuffledDeckAfterDraw(_ parameters: APIParameters) throws -> (DeckState, DrawOutcome) {
        let count = try parameters.count()
        var deck = DeckState(composition: try composition(parameters, readsCards: false), shuffled: true)
        let outcome = try deck.draw(count: count)
        return (deck, outcome)
    }

    // MARK: The main stack

    private func deckInfo(_ id: String, _ caller: Caller) async throws -> APIResponse {
        let deck = try await existingDeck(id)
        _ = try caller.player(on: deck)
        return deckSummary(id, deck)
    }

    /// A full reshuffle checks `deck_count` first, as a new deck does, although the deck keeps its
    /// own count: before the deck is looked up, so an unknown deck with `deck_count=21` gets the
    /// max-decks message. `remaining=true` shuffles the stack only and reads nothing else.
    private func reshuffle(_ id: String, _ parameters: APIParameters, _ caller: Caller) async throws -> APIResponse {
        let onlyRemaining = parameters.boolean("remaining") == true
        var jokers: Bool?
        var contents: [Card]?
        if !onlyRemaining {
            _ = try checkedDeckCount(parameters)
            jokers = parameters.boolean("jokers_enabled")
            contents = try parameters.cards()
        }
        let deck = try await change(id, as: caller, kind: "shuffle") { [jokers, contents] deck, _ in
            if onlyRemaining {
                deck.shuffleRemaining()
            } else {
                deck.shuffleAll(jokersEnabled: jokers, partialContents: contents)
            }
            return deck
        }
        return deckSummary(id, deck)
    }

    private func draw(
        _ id: String, source: DrawSource, _ parameters: APIParameters, _ caller: Caller
    ) async throws -> APIResponse {
        let count = try parameters.count()
        let (outcome, remaining) = try await change(id, as: caller, kind: "draw") { deck, _ in
            (try deck.draw(count: count, from: source), deck.remaining)
        }
        return drawResponse(id, outcome, remaining: remaining)
    }

    private func returnCards(_ id: String, _ parameters: APIParameters, _ caller: Caller) async throws -> APIResponse {
        let cards = try parameters.cards()
        let remaining = try await change(id, as: caller, kind: "return") { deck, _ in
            deck.returnCards(cards)
            return deck.remaining
        }
        var body = successBody(id)
        body.add("remaining", int: remaining)
        return APIResponse(json: body.finished())
    }

    private func drawnCards(_ id: String, _ caller: Caller) async throws -> APIResponse {
        let deck = try await existingDeck(id)
        _ = try caller.player(on: deck)
        var body = successBody(id)
        body.add("cards", json: cardJSON.current.array(deck.drawn))
        body.add("remaining", int: deck.remaining)
        return APIResponse(json: body.finished())
    }

    // MARK: Helpers shared with the pile endpoints

    func existingDeck(_ id: String) async throws -> DeckState {
        guard DeckID.isWellFormed(id), let deck = try await store.deck(withID: id) else { throw APIError.unknownDeck }
        return deck
    }

    /// Runs `work` on the deck as one atomic store change; `DeckError`s become the API's error answers.
    ///
    /// `work` gets the caller's player name (`nil` for a spectator), checked against the deck in the
    /// same transaction (a bad token changes nothing). On a live table the change is counted and
    /// recorded as an event of `kind` in that transaction too.
    func change<Result: Sendable>(
        _ id: String, as caller: Caller, kind: String,
        _ work: @escaping @Sendable (inout DeckState, _ player: String?) throws -> Result
    ) async throws -> Result {
        guard DeckID.isWellFormed(id) else { throw APIError.unknownDeck }
        do {
            let result = try await store.updateRecordingEvent(deckID: id, now: clock()) { deck in
                let player = try caller.player(on: deck)
                return try Self.recordingChange(of: &deck, id: id, kind: kind, player: player) { deck in
                    try work(&deck, player)
                }
            }
            guard let result else { throw APIError.unknownDeck }
            return result
        } catch let error as DeckError {
            throw APIError(deckError: error)
        } catch let error as TableError {
            throw APIError(tableError: error)
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
        return APIResponse(json: body.finished())
    }

    private func drawResponse(_ id: String, _ outcome: DrawOutcome, remaining: Int) -> APIResponse {
        let cards = cardJSON.current.array(outcome.cards)
        var body = JSONObjectWriter(capacity: 160 + cards.utf8.count)
        body.add("success", bool: outcome.isComplete)
        body.add("deck_id", string: id)
        body.add("cards", json: cards)
        body.add("remaining", int: remaining)
        if let message = outcome.shortfallMessage { body.add("error", string: message) }
        return APIResponse(json: body.finished())
    }
}

extension APIError {
    init(deckError: DeckError) {
        switch deckError.kind {
        case .tooManyDecks, .tooFewDecks:
            self.init(status: .ok, message: deckError.message)
        case .negativeCount, .invalidPileName:
            self.init(status: .badRequest, message: deckError.message)
        case .pileNotFound, .pileLacksCards, .notEnoughCards:
            self.init(status: .notFound, message: deckError.message)
        }
    }
}
