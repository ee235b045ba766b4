import Foundation
import PlayingCards

extension RoundFixture {
    /// The answer a server following the rounds contract gives to a request about this round's deck: deck info
    /// (`GET /api/deck/<id>/`) and history pages (`GET /api/deck/<id>/history/?round=N&after=…&limit=…`), shown to
    /// the player whose token (``token(for:)``) the request carries, or to a spectator.
    ///
    /// - Parameters:
    ///   - url: the request's URL.
    ///   - authorization: its `Authorization` header, if any.
    /// - Returns: the status and the JSON body.
    public func answer(to url: URL, authorization: String?) -> (status: Int, body: String) {
        let path = url.path.split(separator: "/").map(String.init)
        guard path.count >= 3, path[0] == "api", path[1] == "deck", path[2] == deckID else {
            return (404, #"{"success": false, "error": "Deck ID does not exist."}"#)
        }
        if path.count == 3 {
            return (
                200,
                #"{"success": true, "deck_id": "\#(deckID)", "remaining": 30, "shuffled": true, "round": "#
                    + latestRoundJSON() + "}"
            )
        }
        guard path.count == 4, path[3] == "history" else { return (404, #"{"success": false, "error": "Not found."}"#) }
        var viewer: String?
        if let authorization {
            guard let player = players.first(where: { "Bearer " + Self.token(for: $0) == authorization }) else {
                return (401, #"{"success": false, "error": "The token is not a player's of this deck."}"#)
            }
            viewer = player
        }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        let after = parameter("after").flatMap { Int($0) } ?? 0
        let limit = min(parameter("limit").flatMap { Int($0) } ?? 50, maximumPageSize)
        guard let roundText = parameter("round") else {
            return (200, page(events: events, after: after, limit: limit, viewer: viewer, round: nil))
        }
        guard let asked = Int(roundText), asked >= 1 else {
            return (400, #"{"success": false, "error": "round must be a whole number, 1 or more."}"#)
        }
        if asked == number {
            return (200, page(events: events, after: after, limit: limit, viewer: viewer, round: pageRoundJSON()))
        }
        if asked == number + 1, newerRoundIsOpen {
            return (
                200, page(events: [], after: after, limit: limit, viewer: viewer, round: newerRoundJSON(page: true))
            )
        }
        // The server's own message.
        return (
            404,
            #"{"success": false, "error": "This table's history holds no round \#(asked): it has not started, "#
                + #"or its events are no longer kept."}"#
        )
    }

    /// A history page of `events` after `after`, at most `limit`, as `viewer` sees them.
    private func page(events: [Event], after: Int, limit: Int, viewer: String?, round: String?) -> String {
        let later = events.filter { $0.id > after }
        let shown = later.prefix(limit)
        var body = #"{"success": true, "deck_id": "\#(deckID)", "change_number": \#((events.last?.id ?? 7) + 3)"#
        if let viewer { body += #", "viewer": \#(Self.quoted(viewer))"# }
        body += #", "events": ["# + shown.map { eventJSON($0, viewer: viewer) }.joined(separator: ", ") + "]"
        body += #", "more": \#(later.count > shown.count)"#
        if let round { body += #", "round": "# + round }
        return body + "}"
    }

    /// One stored event as `viewer` sees it: the cards of a move into the viewer's hand or a public place, the count
    /// of any other.
    private func eventJSON(_ event: Event, viewer: String?) -> String {
        let piles = event.piles.keys.sorted().map { name in
            #"\#(Self.quoted(name)): {"remaining": \#(event.piles[name]!), "private": true}"#
        }
        let moved = event.moves.map { move in
            let hidden = move.to == "deck" || (players.contains(move.to) && move.to != viewer)
            var entry =
                #"{"from": \#(Self.quoted(move.from)), "to": \#(Self.quoted(move.to)), "count": \#(move.cards.count)"#
            if !hidden {
                entry += #", "cards": ["# + move.cards.map { #"{"code": "\#($0.code)"}"# }.joined(separator: ", ") + "]"
            }
            return entry + "}"
        }
        var data = #"{"deck_id": "\#(deckID)", "remaining": \#(event.remaining)"#
        data += #", "piles": {"# + piles.joined(separator: ", ") + "}"
        data += #", "moved": ["# + moved.joined(separator: ", ") + "]"
        if let player = event.player { data += #", "player": \#(Self.quoted(player))"# }
        if event.kind == "shuffle" { data += #", "round": "# + roundJSON(revealed: false) }
        data += "}"
        return #"{"id": \#(event.id), "event": "\#(event.kind)", "data": \#(data)}"#
    }

    /// The round object: the page's seed once revealed.
    private func roundJSON(revealed: Bool) -> String {
        var object = #"{"number": \#(number), "scheme": "riffle-commit-v1", "commitment": "\#(commitment)""#
        object += #", "reveal": true, "over": \#(revealed)"#
        if !entropy.isEmpty {
            let contributions = entropy.map {
                #"{"player": \#(Self.quoted($0.player)), "text": \#(Self.quoted($0.text))}"#
            }
            object += #", "entropy": ["# + contributions.joined(separator: ", ") + "]"
        }
        if revealed { object += #", "seed": \#(Self.quoted(seed))"# }
        return object + "}"
    }

    /// The page's round object: the round, its cards and, once revealed, its steps.
    private func pageRoundJSON() -> String {
        var object = String(roundJSON(revealed: isRevealed).dropLast())
        object += #", "cards": "\#(cards.map(\.code).joined(separator: ","))""#
        if isRevealed { object += #", "steps": ["# + steps.map(Self.stepJSON).joined(separator: ", ") + "]" }
        return object + "}"
    }

    /// The round deck info names as the latest.
    private func latestRoundJSON() -> String {
        newerRoundIsOpen ? newerRoundJSON(page: false) : roundJSON(revealed: isRevealed)
    }

    /// The next round, still being played (its commitment is to another seed).
    private func newerRoundJSON(page: Bool) -> String {
        let next = ShuffleCommitment(seed: seed + "next", cards: cards, round: number + 1).digest
        var object = #"{"number": \#(number + 1), "scheme": "riffle-commit-v1", "commitment": "\#(next)""#
        object += #", "reveal": true, "over": false"#
        if page { object += #", "cards": "\#(cards.map(\.code).joined(separator: ","))""# }
        return object + "}"
    }

    private static func stepJSON(_ step: RoundAudit.Step) -> String {
        func cards(_ cards: [Card]) -> String { "[" + cards.map { #""\#($0.code)""# }.joined(separator: ", ") + "]" }
        switch step {
        case .fromTop(let taken): return #"{"step": "top", "cards": \#(cards(taken))}"#
        case .fromBottom(let taken): return #"{"step": "bottom", "cards": \#(cards(taken))}"#
        case .returnedToBottom(let returned): return #"{"step": "under", "cards": \#(cards(returned))}"#
        case .stackReshuffled: return #"{"step": "reshuffled"}"#
        }
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
