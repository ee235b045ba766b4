import HTTPTypes
import PlayingCards

extension DeckCore {
    /// The start of every success body: `success` and `deck_id`.
    package func successBody(_ id: String) -> JSONObjectWriter {
        var body = JSONObjectWriter()
        body.add("success", bool: true)
        body.add("deck_id", string: id)
        return body
    }

    /// `remaining` and `shuffled`: the answer of deck info, new decks and reshuffles. Deck info of
    /// a seated deck adds its `players`, `host`, `turn` and `strict_turns` (``TablePlayersJSON``);
    /// a deck without players answers as the public API does, watched or not.
    ///
    /// A seated deck adds its latest `round` (``TableRoundNote/Round/json(latestOf:)``), once the host has started one.
    ///
    /// A shuffle made with a `seed` says so: the answer adds `seed`, the seed it was made with (a Riffle extension;
    /// without one the answer is the public API's).
    package func deckSummary(
        _ id: String, _ deck: DeckState, withTable: Bool = false, seed: SeededShuffle? = nil
    ) -> APIResponse {
        var body = successBody(id)
        body.add("remaining", int: deck.remaining)
        body.add("shuffled", bool: deck.shuffled)
        if let seed { body.add("seed", string: seed.seed) }
        if withTable, deck.isSeated { TablePlayersJSON.addTable(deck, to: &body) }
        if deck.isSeated, let round = TableRoundNote.Round.json(latestOf: deck) { body.add("round", json: round) }
        return APIResponse(json: body.finished())
    }

    /// `response` (a JSON object) with `seed` added as its last member.
    package static func adding(seed: SeededShuffle, to response: APIResponse) -> APIResponse {
        var json = response.json
        guard json.last == "}" else { return response }
        json.removeLast()
        var member = JSONObjectWriter()
        member.add("seed", string: seed.seed)
        let written = member.finished()
        // `{"seed": "..."}` without its braces, after the object's last member.
        json += "," + written.dropFirst().dropLast() + "}"
        var copy = response
        copy.json = json
        return copy
    }

    /// A draw's answer: `success` is `false` when the draw was short, with the public API's message.
    package func drawResponse(_ id: String, _ outcome: DrawOutcome, remaining: Int) -> APIResponse {
        let cards = cardJSON.array(outcome.cards)
        var body = JSONObjectWriter(capacity: 160 + cards.utf8.count)
        body.add("success", bool: outcome.isComplete)
        body.add("deck_id", string: id)
        body.add("cards", json: cards)
        body.add("remaining", int: remaining)
        if let message = outcome.shortfallMessage { body.add("error", string: message) }
        return APIResponse(json: body.finished())
    }

    /// `remaining` and the `piles` object as `viewer` may see it.
    package func pileSummary(_ id: String, _ deck: DeckState, listing: String? = nil, viewer: String?) -> APIResponse {
        var body = successBody(id)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: listing, viewer: viewer))
        return APIResponse(json: body.finished())
    }

    /// The `412` answer to a change whose `If-Match` no longer matched: the API's error shape plus
    /// the deck as `viewer` may see it (`deck_id`, `remaining`, `piles`), so that the client can
    /// show where things are now without another request.
    package func preconditionFailed(
        _ precondition: ChangePrecondition, deckID id: String, deck: DeckState, viewer: String?
    ) -> APIResponse {
        var expected: Int64 = 0
        if case .changeNumber(let number) = precondition { expected = number }
        var body = JSONObjectWriter()
        body.add("success", bool: false)
        body.add("error", string: APIError.preconditionFailed(expected: expected, actual: deck.changeNumber))
        body.add("deck_id", string: id)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: viewer))
        return APIResponse(status: .preconditionFailed, json: body.finished())
    }

    /// The `piles` object as `viewer` may see it (see ``TablePilesJSON``).
    package func pilesJSON(_ deck: DeckState, listing: String?, viewer: String?) -> String {
        TablePilesJSON.piles(deck, listing: listing, viewer: viewer, cardJSON: cardJSON)
    }
}

extension DeckCore {
    /// A fresh secret seed for a round: 256 bits from `generator`, as 64 lowercase hexadecimal digits.
    package static func freshSeed<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 60, through: 0, by: -4) {
                text.append(digits[Int((word >> UInt64(shift)) & 0xf)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
