import DeckStorage
import HTTPTypes
import PlayingCards

/// The Deck of Cards API's operations: each request is parsed (outside any transaction), then
/// answered by the pure request core (``DeckCore``) on the deck's state, which the store wraps in
/// one atomic change: the answer is produced inside the change, together with its event.
///
/// Parameters are validated before anything changes, so a bad request changes nothing.
struct DeckAPI: Sendable {
    let store: any DeckStore
    let cardJSON: PublicCardJSON
    let clock: @Sendable () -> Int64

    /// Answers one API request.
    ///
    /// A read ignores `Idempotency-Key` and `If-Match` (it changes nothing to make once, and
    /// answers the deck as it is); a change reads both (see ``change(_:deckID:parameters:caller:head:)``),
    /// a new deck its key.
    ///
    /// - Parameters:
    ///   - route: the endpoint.
    ///   - parameters: the request's parameters.
    ///   - caller: who is asking (a spectator unless the request carries a token).
    ///   - head: the method (joining a table takes `POST`, leaving `DELETE`), path, client and
    ///     change headers.
    /// - Returns: the answer; one about a deck carries its change number.
    func respond(
        to route: APIRoute, parameters: APIParameters, caller: Caller = .spectator, head: RequestHead = RequestHead()
    ) async throws -> APIResponse {
        switch route {
        case .newDeck(let shuffled): return try await newDeck(shuffled: shuffled, parameters, head: head)
        case .newDeckAndDraw: return try await newDeckAndDraw(parameters, head: head)
        case .events: throw APIError.badRequest("The events endpoint answers a text/event-stream GET.")
        default: break
        }
        guard let id = route.deckID, let request = try Self.request(for: route, parameters, method: head.method) else {
            throw APIError.unknownDeck
        }
        guard request.changesDeck else { return try await answer(request, deckID: id, caller: caller).response }
        return try await change(request, deckID: id, parameters: parameters, caller: caller, head: head)
    }

    /// Runs `request` through the core: a read on the stored state, a change inside one store
    /// transaction (with the system's secure generator), its `If-Match` checked there.
    func answer(
        _ request: DeckRequest, deckID id: String, caller: Caller, precondition: ChangePrecondition? = nil
    ) async throws -> DeckOutcome {
        guard DeckID.isWellFormed(id) else { throw APIError.unknownDeck }
        let core = DeckCore(cardJSON: cardJSON.current)
        guard request.changesDeck else {
            var deck = try await existingDeck(id)
            var generator = SystemRandomNumberGenerator()
            return core.answer(request, deckID: id, deck: &deck, caller: caller, using: &generator)
        }
        let outcome = try await store.updateRecordingEvent(deckID: id, now: clock()) { deck in
            var generator = SystemRandomNumberGenerator()
            let outcome = core.answer(
                request, deckID: id, deck: &deck, caller: caller, precondition: precondition, using: &generator)
            return (outcome, outcome.event)
        }
        guard let outcome else { throw APIError.unknownDeck }
        return outcome
    }

    /// Answers `HEAD` without changing anything: the status a read of the same deck would have,
    /// a token checked as a `GET` checks it (401 for a malformed token or one of another deck),
    /// and the deck's change number for the `ETag`.
    func respondToHead(_ route: APIRoute, caller: Caller = .spectator) async throws -> APIResponse {
        guard let id = route.deckID else { return APIResponse(json: "") }
        let deck = try await existingDeck(id)
        do {
            _ = try caller.player(on: deck)
            return APIResponse(json: "", changeNumber: deck.changeNumber)
        } catch {
            var refused = error.response
            refused.changeNumber = deck.changeNumber
            return refused
        }
    }

    func existingDeck(_ id: String) async throws -> DeckState {
        guard DeckID.isWellFormed(id), let deck = try await store.deck(withID: id) else { throw APIError.unknownDeck }
        return deck
    }

    // MARK: New decks

    /// The deck a new-deck request asks for; `cards` is read only when `readsCards`.
    private static func composition(_ parameters: APIParameters, readsCards: Bool = true) throws -> DeckComposition {
        let deckCount = try checkedDeckCount(parameters)
        let jokers = parameters.boolean("jokers_enabled") ?? false
        let cards = readsCards ? try parameters.cards() : nil
        return try DeckComposition(deckCount: deckCount, jokersEnabled: jokers, partialContents: cards)
    }

    /// `deck_count`, 1…20. Out of range answers `200` with `success: false`, as the public API does.
    private static func checkedDeckCount(_ parameters: APIParameters) throws -> Int {
        let deckCount = try parameters.integer("deck_count")
        do {
            try DeckComposition.checkDeckCount(deckCount)
        } catch {
            throw APIError(status: .ok, message: error.message)
        }
        return deckCount
    }

    private func newDeck(shuffled: Bool, _ parameters: APIParameters, head: RequestHead) async throws -> APIResponse {
        let key = try RequestIdempotency.read(head.idempotencyKey)
        let deck = DeckState(composition: try Self.composition(parameters), shuffled: shuffled)
        let core = DeckCore(cardJSON: cardJSON.current)
        let render: @Sendable (String) -> APIResponse = { id in
            var response = core.deckSummary(id, deck)
            response.changeNumber = deck.changeNumber
            return response
        }
        if let key { return try await insertOnce(deck, key: key, parameters: parameters, head: head, render: render) }
        return render(try await store.insert(deck, now: clock()))
    }

    /// `/deck/new/draw/`: a new shuffled deck (`cards` is ignored, as in the public API), then a draw.
    private func newDeckAndDraw(_ parameters: APIParameters, head: RequestHead) async throws -> APIResponse {
        let key = try RequestIdempotency.read(head.idempotencyKey)
        let (deck, outcome) = try shuffledDeckAfterDraw(parameters)
        let core = DeckCore(cardJSON: cardJSON.current)
        let render: @Sendable (String) -> APIResponse = { id in
            var response = core.drawResponse(id, outcome, remaining: deck.remaining)
            response.changeNumber = deck.changeNumber
            return response
        }
        if let key { return try await insertOnce(deck, key: key, parameters: parameters, head: head, render: render) }
        return render(try await store.insert(deck, now: clock()))
    }

    /// A new shuffled deck with the requested draw already taken. Kept out of the async function
    /// above: Swift 6.3.1's optimizer crashes splitting that coroutine when the typed-throwing draw
    /// sits inside it (release builds, signal 11 in LLVM's coroutine splitting).
    private func shuffledDeckAfterDraw(_ parameters: APIParameters) throws -> (DeckState, DrawOutcome) {
        let count = try parameters.count()
        var deck = DeckState(composition: try Self.composition(parameters, readsCards: false), shuffled: true)
        let outcome = try deck.draw(count: count)
        return (deck, outcome)
    }

    // MARK: Parsing

    /// The request a route and its parameters make, checked before the deck is read; `nil` for
    /// routes that are not requests on an existing deck.
    ///
    /// A full reshuffle checks `deck_count` first, as a new deck does, although the deck keeps its
    /// own count: before the deck is looked up, so an unknown deck with `deck_count=21` gets the
    /// max-decks message. `remaining=true` shuffles the stack only and reads nothing else.
    static func request(
        for route: APIRoute, _ parameters: APIParameters, method: HTTPRequest.Method
    ) throws -> DeckRequest? {
        switch route {
        case .newDeck, .newDeckAndDraw, .events:
            return nil
        case .deckInfo:
            return .info
        case .reshuffle:
            guard parameters.boolean("remaining") != true else {
                return .reshuffle(onlyRemaining: true, jokersEnabled: nil, partialContents: nil)
            }
            _ = try checkedDeckCount(parameters)
            return .reshuffle(
                onlyRemaining: false, jokersEnabled: parameters.boolean("jokers_enabled"),
                partialContents: try parameters.cards())
        case .draw(_, let source):
            return .draw(count: try parameters.count(), source: source)
        case .returnCards:
            return .returnCards(try parameters.cards())
        case .drawnCards:
            return .drawnCards
        case .pile(_, let pile, let action):
            return try pileRequest(action, pile: pile, parameters)
        case .join(_, let player):
            return try playerRequest(player, method: method, parameters)
        case .table(_, let table):
            return try tableRequest(table, parameters, method: method)
        }
    }

    private static func pileRequest(
        _ action: APIRoute.PileAction, pile: String, _ parameters: APIParameters
    ) throws -> DeckRequest {
        guard PileName.isValid(pile) else { throw APIError.invalidPileName(pile) }
        switch action {
        case .add:
            guard let cards = try parameters.cards() else { throw APIError.cardsRequiredForPile }
            let source = parameters["from"]
            if let source, !PileName.isValid(source) { throw APIError.invalidPileName(source) }
            return .addToPile(pile: pile, cards: cards, from: source, faceDown: try faceDown(parameters) ?? false)
        case .list:
            return .listPile(pile: pile)
        case .shuffle:
            return .shufflePile(pile: pile)
        case .draw(let source):
            // An empty `cards=` draws by count, as in the public API.
            let cards = parameters["cards"]?.isEmpty == false ? try parameters.cards() : nil
            return .drawFromPile(pile: pile, cards: cards, count: try parameters.count(), source: source)
        case .returnCards:
            return .returnPile(pile: pile, cards: try parameters.cards())
        case .deal:
            return .deal(pile: pile, count: try parameters.count(), faceDown: try faceDown(parameters) ?? false)
        }
    }

    /// `POST` joins (with a freshly generated token and the `display_name`, if given), `DELETE`
    /// removes a player.
    private static func playerRequest(
        _ player: String, method: HTTPRequest.Method, _ parameters: APIParameters
    ) throws -> DeckRequest {
        guard method == .post || method == .delete else {
            throw APIError(
                status: .methodNotAllowed,
                message: "Joining a deck takes a POST (it creates a player and answers with a secret token); "
                    + "removing a player takes a DELETE.")
        }
        guard PileName.isValid(player) else { throw APIError(tableError: TableError(kind: .invalidPlayerName)) }
        guard method == .post else { return .leave(player: player) }
        let displayName = try parameters["display_name"].map { try DisplayName.checked($0) }
        return .join(player: player, token: TableToken.generate(), displayName: displayName)
    }
}

extension APIError {
    static func invalidPileName(_ pile: String) -> APIError {
        .badRequest(
            "The pile name '" + String(pile.prefix(70)) + "' is not valid: use 1 to 64 characters from "
                + "a-z, A-Z, 0-9, '-' and '_'.")
    }
}
