import DeckStorage
import HTTPTypes
import PlayingCards

extension DeckAPI {
    /// Joins a live table: `POST /api/deck/<id>/player/<name>/`. The answer carries the player's
    /// token, the only time it is ever shown.
    func join(_ id: String, player name: String, method: HTTPRequest.Method) async throws -> APIResponse {
        guard method == .post else {
            throw APIError(
                status: .methodNotAllowed,
                message: "Joining a deck takes a POST (it creates a player and answers with a secret token).")
        }
        guard PileName.isValid(name) else { throw APIError(tableError: TableError(kind: .invalidPlayerName)) }
        let token = TableToken.generate()
        let hash = TableToken.hash(token)
        // A spectator joins: the new player is named explicitly, not taken from a token.
        let deck = try await change(id, as: .spectator, kind: "join") { deck, _ in
            try deck.join(player: name, tokenHash: hash)
            try deck.addToPile(named: name, cards: [])
            return deck
        }
        var body = successBody(id)
        body.add("player", string: name)
        body.add("token", string: token)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: name))
        return APIResponse(json: body.finished())
    }

    /// Deals the top `count` cards of the stack into a pile: `/api/deck/<id>/pile/<name>/deal/`.
    /// The dealt cards are in the answer only when the pile is public or the caller's own.
    func deal(_ pile: String, _ id: String, _ parameters: APIParameters, _ caller: Caller) async throws -> APIResponse {
        let count = try parameters.count()
        let (dealt, deck, player) = try await change(id, as: caller, kind: "deal") { deck, player in
            (try deck.deal(toPile: pile, count: count), deck, player)
        }
        var body = successBody(id)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: player))
        if deck.canSeePile(pile, viewer: player) { body.add("cards", json: cardJSON.current.array(dealt)) }
        return APIResponse(json: body.finished())
    }

    /// The kinds of change that count even when they leave the deck as it was.
    private static let shuffleKinds: Set<String> = ["shuffle", "pile_shuffle"]

    /// Runs `work` on a deck and, if the deck is a live table and changed, counts the change and
    /// returns its event.
    ///
    /// A shuffle is always a change, even one that happens to leave every card where it was (a pile
    /// of two cards does one time in two): otherwise whether an event followed would tell
    /// subscribers that a pile they cannot see kept its order, and a client waiting for the
    /// shuffle's event would wait for nothing.
    static func recordingChange<Result>(
        of deck: inout DeckState, id: String, kind: String, player: String?,
        _ work: (inout DeckState) throws -> Result
    ) throws -> (Result, DeckEvent?) {
        let before = deck
        let result = try work(&deck)
        guard deck.isLiveTable, deck != before || shuffleKinds.contains(kind), let number = deck.countChange() else {
            return (result, nil)
        }
        let actor = kind == "join" ? deck.table?.players.last?.name : player
        let record = TableEventRecord(kind: kind, player: actor, before: before, after: deck)
        return (result, DeckEvent(deckID: id, number: number, payload: record.encoded()))
    }
}

extension APIError {
    init(tableError: TableError) {
        switch tableError.kind {
        case .playerExists: self.init(status: .conflict, message: tableError.message)
        case .tableFull, .invalidPlayerName, .invalidTokenHash:
            self.init(status: .badRequest, message: tableError.message)
        }
    }
}
