import DeckStorage
import HTTPTypes
import LiveTables
import PlayingCards
import TableCore

/// The Deck of Cards API's operations: each request is parsed (outside any transaction), then
/// answered by the pure request core (`DeckCore`) on the deck's state, which the store wraps in
/// one atomic change: the answer is produced inside the change, together with its event.
///
/// Parameters are validated before anything changes, so a bad request changes nothing.
///
/// Its request functions, like every nonisolated `async` function of the package
/// (`NonisolatedNonsendingByDefault`), run on their caller's executor, so a request does not hop executors on entering and leaving each of them.
struct DeckAPI: Sendable {
    let store: any DeckStore
    let cardJSON: PublicCardJSON
    let clock: @Sendable () -> Int64
    /// The joins each client address may make at each table.
    var joins = JoinQuota(maximumJoins: ServiceLimits().maximumJoinsPerClientPerTable)

    /// Answers one API request.
    ///
    /// A read ignores `Idempotency-Key` and `If-Match` (it changes nothing to make once, and
    /// answers the deck as it is); a change reads both (see ``change(_:deckID:parameters:caller:head:)``),
    /// a new deck its key.
    ///
    /// - Parameters:
    ///   - endpoint: the endpoint, from the route table.
    ///   - captures: the deck, pile and player named in the path.
    ///   - parameters: the request's parameters.
    ///   - caller: who is asking (a spectator unless the request carries a token).
    ///   - head: the method (joining a table takes `POST`, leaving `DELETE`), path, client and
    ///     change headers.
    /// - Returns: the answer; one about a deck carries its change number.
    func respond(
        to endpoint: APIEndpoint, captures: RouteCaptures = RouteCaptures(), parameters: APIParameters,
        caller: Caller = .spectator, head: RequestHead = RequestHead()
    ) async throws -> APIResponse {
        switch endpoint.handler {
        case .newDeck(let create):
            return try await create(self, parameters, head)
        case .eventStream:
            throw APIError.badRequest("The events endpoint answers a text/event-stream GET.")
        case .deckRecord(let read):
            guard let id = captures.deck else { throw APIError.unknownDeck }
            return try await read(self, id, parameters, caller)
        case .deck(let parse):
            let request = try parse(APIEndpointInput(captures: captures, parameters: parameters, method: head.method))
            guard let id = captures.deck else { throw APIError.unknownDeck }
            guard request.changesDeck else { return try await answer(request, deckID: id, caller: caller).response }
            guard case .join = request else {
                return try await change(request, deckID: id, parameters: parameters, caller: caller, head: head)
            }
            guard joins.allows(client: head.client, deckID: id, now: clock()) else {
                throw APIError.tooManyJoins(joins.maximumJoins)
            }
            let response = try await change(request, deckID: id, parameters: parameters, caller: caller, head: head)
            if response.status == .ok, !response.replayed {
                joins.joined(client: head.client, deckID: id, now: clock())
            }
            return response
        }
    }

    /// Runs `request` through the core: a read on the stored state, a change inside one store
    /// transaction (with the system's secure generator), its `If-Match` checked there.
    func answer(
        _ request: DeckOperation, deckID id: String, caller: Caller, precondition: ChangePrecondition? = nil
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
    func respondToHead(
        deckID id: String?, caller: Caller = .spectator
    ) async throws -> APIResponse {
        guard let id else { return APIResponse(json: "") }
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

    func newDeck(shuffled: Bool, _ parameters: APIParameters, head: RequestHead) async throws -> APIResponse {
        let key = try RequestIdempotency.read(head.idempotencyKey)
        let seed = try Self.newDeckSeed(parameters, shuffled: shuffled)
        let composition = try Self.composition(parameters)
        let deck =
            seed.map { DeckState(composition: composition, seededBy: $0) }
            ?? DeckState(composition: composition, shuffled: shuffled)
        let core = DeckCore(cardJSON: cardJSON.current)
        let render: @Sendable (String) -> APIResponse = { id in
            var response = core.deckSummary(id, deck, seed: seed)
            response.changeNumber = deck.changeNumber
            return response
        }
        if let key { return try await insertOnce(deck, key: key, parameters: parameters, head: head, render: render) }
        return render(try await store.insert(deck, now: clock()))
    }

    /// `/deck/new/draw/`: a new shuffled deck (`cards` is ignored, as in the public API), then a draw.
    func newDeckAndDraw(_ parameters: APIParameters, head: RequestHead) async throws -> APIResponse {
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
        let seed = try Self.newDeckSeed(parameters, shuffled: true)
        let composition = try Self.composition(parameters, readsCards: false)
        var deck =
            seed.map { DeckState(composition: composition, seededBy: $0) }
            ?? DeckState(composition: composition, shuffled: true)
        let outcome = try deck.draw(count: count)
        return (deck, outcome)
    }

    // MARK: Parsing

    /// A new deck's `seed` and `order` (Riffle extensions). A shuffled new deck takes a `seed`; an unshuffled one
    /// takes `order=listed`, its cards in the order `cards` lists them (the public API's own order for an unshuffled
    /// deck, stated), and no seed. Anything else is a `400` that names the parameter.
    static func newDeckSeed(_ parameters: APIParameters, shuffled: Bool) throws -> SeededShuffle? {
        let seed = try parameters.seed()
        if let order = parameters["order"] {
            guard order == "listed" else {
                throw APIError.badRequest("The parameter 'order' may only be 'listed'; it was '" + order + "'.")
            }
            guard !shuffled else {
                throw APIError.badRequest("order=listed keeps the cards as listed, so it takes no shuffle: use /new/.")
            }
        }
        if seed != nil, !shuffled {
            throw APIError.badRequest("A seed orders a shuffle: use /new/shuffle/ with it, or leave it out.")
        }
        return seed
    }

    /// A reshuffle's request, checked before the deck is read.
    ///
    /// A full reshuffle checks `deck_count` first, as a new deck does, although the deck keeps its
    /// own count: before the deck is looked up, so an unknown deck with `deck_count=21` gets the
    /// max-decks message. `remaining=true` shuffles the stack only and reads nothing else.
    static func reshuffleRequest(_ parameters: APIParameters) throws -> DeckOperation {
        guard parameters.boolean("remaining") != true else {
            return .reshuffle(
                onlyRemaining: true, jokersEnabled: nil, partialContents: nil, seed: try parameters.seed())
        }
        _ = try checkedDeckCount(parameters)
        return .reshuffle(
            onlyRemaining: false, jokersEnabled: parameters.boolean("jokers_enabled"),
            partialContents: try parameters.cards(), seed: try parameters.seed())
    }

    /// `pile/<pile>/add/`: `cards` is required; `from` names the only pile to take them out of;
    /// `face=down` creates the pile face down; `position=bottom` puts the cards under the pile's cards (`top`, the
    /// default, on them).
    static func addToPileRequest(_ pile: String, _ parameters: APIParameters) throws -> DeckOperation {
        guard let cards = try parameters.cards() else { throw APIError.cardsRequiredForPile }
        let source = parameters["from"]
        if let source, !PileName.isValid(source) { throw APIError.invalidPileName(source) }
        let atBottom: Bool
        switch parameters["position"]?.lowercased() {
        case nil, "top": atBottom = false
        case "bottom": atBottom = true
        case let other?:
            throw APIError.badRequest("The parameter 'position' must be 'top' or 'bottom'; it was '" + other + "'.")
        }
        return .addToPile(
            pile: pile, cards: cards, from: source, faceDown: try faceDown(parameters) ?? false, atBottom: atBottom)
    }

    /// `pile/<pile>/draw/[<location>/]`: the named `cards`, or `count` cards from `source`.
    static func drawFromPileRequest(
        _ pile: String, _ parameters: APIParameters, source: DrawSource
    ) throws -> DeckOperation {
        // An empty `cards=` draws by count, as in the public API.
        let cards = parameters["cards"]?.isEmpty == false ? try parameters.cards() : nil
        return .drawFromPile(pile: pile, cards: cards, count: try parameters.count(), source: source)
    }

    /// `POST player/<name>/`: joins, with a freshly generated token and the `display_name`, if given.
    static func joinRequest(player: String?, _ parameters: APIParameters) throws -> DeckOperation {
        let player = try checkedPlayerName(player)
        let displayName = try parameters["display_name"].map { try DisplayName.checked($0) }
        return .join(player: player, token: TableToken.generate(), displayName: displayName)
    }

    /// `DELETE player/<name>/`: the host removes a player, or a player leaves.
    static func leaveRequest(player: String?) throws -> DeckOperation {
        .leave(player: try checkedPlayerName(player))
    }

    private static func checkedPlayerName(_ player: String?) throws -> String {
        guard let player, PileName.isValid(player) else {
            throw APIError(tableError: TableError(kind: .invalidPlayerName))
        }
        return player
    }
}

extension APIError {
    /// Another method than `POST` or `DELETE` on `player/<name>/`.
    static let playerMethodNotAllowed = APIError(
        status: .methodNotAllowed,
        message: "Joining a deck takes a POST (it creates a player and answers with a secret token); "
            + "removing a player takes a DELETE.")

    static func invalidPileName(_ pile: String) -> APIError {
        .badRequest(
            "The pile name '" + String(pile.prefix(70)) + "' is not valid: use 1 to 64 characters from "
                + "a-z, A-Z, 0-9, '-' and '_'.")
    }
}
