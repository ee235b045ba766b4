import HTTPTypes
import PlayingCards

/// A live table's people and piles: display names, seats, the turn marker and face-down piles
/// (``TableRequest``), and the strict-turn rule for card moves.
extension DeckCore {
    /// Who may make each table change, checked with the roles (before `If-Match`): renaming is the
    /// player's own or the host's; reordering seats, setting the turn to a name or to nobody, and
    /// strict turns are the host's; passing the turn on (`to=next`) is the holder's or the host's.
    package static func checkTableRole(for request: TableRequest, on deck: DeckState, player: String) throws(APIError) {
        guard let table = deck.table, let host = deck.host, player != host else { return }
        switch request {
        case .rename(let name, _):
            guard name == player else {
                throw APIError(
                    status: .forbidden,
                    message: "Only " + name + " or the host may change " + name + "'s display name.")
            }
        case .seats:
            throw APIError(status: .forbidden, message: "Only the host, " + host + ", may reorder the seats.")
        case .dealToEveryone:
            throw .onlyHostDealsToEveryone(host)
        case .lock:
            throw APIError(status: .forbidden, message: "Only the host, " + host + ", may lock or unlock the table.")
        case .endRound, .revealRounds:
            throw APIError(
                status: .forbidden,
                message: "Only the host, " + host + ", may end a round or change whether rounds "
                    + "are revealed.")
        case .face, .takeBackGift, .addEntropy:
            return
        case .turn(let target, let strict):
            if strict == nil, target == .next, table.turn == player { return }
            throw APIError(
                status: .forbidden,
                message: "Only the host, " + host + ", may set the turn or strict turns; "
                    + "the turn holder may pass it on with to=next.")
        }
    }

    /// Strict turns: a change that moves cards, by anyone but the turn holder, is refused (409)
    /// with whose turn it is. Joining, leaving, the host's new round and the table's people
    /// endpoints are never refused for turns; turning a pile face up or down is a play, and is.
    package static func checkTurn(for request: DeckOperation, on deck: DeckState, player: String) throws(APIError) {
        switch request {
        case .reshuffle(onlyRemaining: true, _, _, _), .draw, .returnCards, .addToPile, .shufflePile, .drawFromPile,
            .returnPile, .deal, .table(.face):
            guard let holder = deck.turnHolder(blocking: player) else { return }
            throw APIError(status: .conflict, message: "It is " + holder.displayName + "'s turn.")
        default:
            return
        }
    }

    /// Makes a table change and answers with the table as the caller sees it.
    package func change<G: RandomNumberGenerator>(
        _ request: TableRequest, deckID id: String, on deck: inout DeckState, player: String?, using generator: inout G
    ) throws -> APIResponse {
        if case .face(let pile, let faceDown) = request {
            try deck.setFace(ofPile: pile, faceDown: faceDown)
            return pileSummary(id, deck, listing: pile, viewer: player)
        }
        guard deck.isSeated else { throw APIError.noPlayersYet }
        switch request {
        case .rename(let name, let displayName):
            let others = deck.table?.players.filter { $0.name != name }.map(\.displayName) ?? []
            try Self.checkDisplayName(displayName, against: others)
            try deck.rename(player: name, to: displayName)
        case .seats(let order):
            try deck.reorderSeats(order)
        case .turn(let target, let strict):
            switch target {
            case nil:
                break
            case .nobody:
                try deck.setTurn(nil)
            case .player(let name):
                try deck.setTurn(name)
            case .next:
                let first = deck.table?.players.first?.name
                try deck.setTurn(deck.table?.turn.flatMap { deck.nextSeat(after: $0) } ?? first)
            }
            if let strict { deck.setStrictTurns(strict) }
        case .lock(let locked):
            deck.setLocked(locked)
        case .endRound:
            try deck.endRound(using: &generator)
        case .revealRounds(let reveals):
            deck.setRevealsRounds(reveals)
        case .addEntropy(let text):
            guard let player else { throw APIError.seatedDeckNeedsPlayer }
            try deck.addEntropy(text, by: player)
        case .face:
            break
        case .dealToEveryone(let count):
            return try dealToEveryone(count: count, deckID: id, on: &deck, player: player)
        case .takeBackGift(let receiver):
            try takeBackGift(from: receiver, on: &deck, player: player)
        }
        var body = successBody(id)
        TablePlayersJSON.addTable(deck, to: &body)
        body.add("remaining", int: deck.remaining)
        body.add("piles", json: pilesJSON(deck, listing: nil, viewer: player))
        if let round = TableRoundNote.Round.json(latestOf: deck) { body.add("round", json: round) }
        return APIResponse(json: body.finished())
    }
}

extension APIError {
    package static let noPlayersYet = APIError(
        status: .conflict, message: "This deck has no players yet: join it with POST /api/deck/<id>/player/<name>/.")
}
