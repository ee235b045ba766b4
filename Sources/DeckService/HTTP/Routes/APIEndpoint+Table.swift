import HTTPTypes
import PlayingCards
import TableCore

/// The route table: every endpoint of the API, once.
///
/// Entries are tried in order and the first whose path and method match answers, so the
/// new-deck endpoints come before the ones of an existing deck. To add an endpoint, add its entry
/// here and its handler (for a request on a deck: a `DeckOperation` case, answered by `DeckCore`);
/// the label, the deck cap, the redirect and the router variant all come from the entry.
extension APIEndpoint {
    static let all: [APIEndpoint] = [
        APIEndpoint(
            "new", paths: ["new/", "deck/new/"], createsDeck: true,
            handler: .newDeck { api, parameters, head in
                try await api.newDeck(shuffled: false, parameters, head: head)
            }),
        APIEndpoint(
            "new-shuffle", paths: ["shuffle/", "deck/new/shuffle/"], createsDeck: true,
            handler: .newDeck { api, parameters, head in
                try await api.newDeck(shuffled: true, parameters, head: head)
            }),
        APIEndpoint(
            "new-draw", paths: ["deck/new/draw/"], createsDeck: true,
            handler: .newDeck { api, parameters, head in try await api.newDeckAndDraw(parameters, head: head) }),
        APIEndpoint("info", paths: ["deck/:deck/"], handler: .deck { _ in .info }),
        APIEndpoint(
            "shuffle", paths: ["shuffle/:deck/", "deck/:deck/shuffle/"],
            handler: .deck { try DeckAPI.reshuffleRequest($0.parameters) }),
        APIEndpoint(
            "draw", paths: ["draw/:deck/", "deck/:deck/draw/"],
            handler: .deck { .draw(count: try $0.parameters.count(), source: .top) }),
        APIEndpoint(
            "draw-bottom", paths: ["deck/:deck/draw/bottom/"],
            handler: .deck { .draw(count: try $0.parameters.count(), source: .bottom) }),
        APIEndpoint(
            "draw-random", paths: ["deck/:deck/draw/random/"],
            handler: .deck { .draw(count: try $0.parameters.count(), source: .random) }),
        APIEndpoint(
            "return", paths: ["deck/:deck/return/"], handler: .deck { .returnCards(try $0.parameters.cards()) }),
        APIEndpoint("drawn", paths: ["deck/:deck/drawn/"], handler: .deck { _ in .drawnCards }),
        APIEndpoint("events", paths: ["deck/:deck/events/"], answersWithoutSlash: true, handler: .eventStream),
        APIEndpoint(
            "history", paths: ["deck/:deck/history/"],
            handler: .deckRecord { api, id, parameters, caller in
                try await api.history(deckID: id, parameters, caller: caller)
            }),
        APIEndpoint(
            "join", methods: [.post], paths: ["deck/:deck/player/:player/"],
            handler: .deck { try DeckAPI.joinRequest(player: $0.captures.player, $0.parameters) }),
        APIEndpoint(
            "leave", methods: [.delete], paths: ["deck/:deck/player/:player/"],
            handler: .deck { try DeckAPI.leaveRequest(player: $0.captures.player) }),
        APIEndpoint(
            "join", paths: ["deck/:deck/player/:player/"],
            handler: .deck { _ in throw APIError.playerMethodNotAllowed }),
        APIEndpoint(
            "pile-add", paths: ["deck/:deck/pile/:pile/add/"],
            handler: .deck { try DeckAPI.addToPileRequest($0.pile, $0.parameters) }),
        APIEndpoint(
            "pile-list", paths: ["deck/:deck/pile/:pile/list/"],
            handler: .deck { .listPile(pile: try $0.pile) }),
        APIEndpoint(
            "pile-shuffle", paths: ["deck/:deck/pile/:pile/shuffle/"],
            handler: .deck { .shufflePile(pile: try $0.pile, seed: try $0.parameters.seed()) }),
        APIEndpoint(
            "pile-return", paths: ["deck/:deck/pile/:pile/return/"],
            handler: .deck { .returnPile(pile: try $0.pile, cards: try $0.parameters.cards()) }),
        APIEndpoint(
            "pile-draw", paths: ["deck/:deck/pile/:pile/draw/", "deck/:deck/pile/:pile/draw/:top/"],
            handler: .deck { try DeckAPI.drawFromPileRequest($0.pile, $0.parameters, source: .top) }),
        APIEndpoint(
            "pile-draw-bottom", paths: ["deck/:deck/pile/:pile/draw/:bottom/"],
            handler: .deck { try DeckAPI.drawFromPileRequest($0.pile, $0.parameters, source: .bottom) }),
        APIEndpoint(
            "pile-draw-random", paths: ["deck/:deck/pile/:pile/draw/:random/"],
            handler: .deck { try DeckAPI.drawFromPileRequest($0.pile, $0.parameters, source: .random) }),
        APIEndpoint(
            "pile-deal", paths: ["deck/:deck/pile/:pile/deal/"],
            handler: .deck {
                .deal(
                    pile: try $0.pile, count: try $0.parameters.count(),
                    faceDown: try DeckAPI.faceDown($0.parameters) ?? false)
            }),
        // A live table's people and face-down piles (issue 32): POST only, see DeckAPI.tableRequest.
        APIEndpoint(
            "seats", paths: ["deck/:deck/seats/"],
            handler: .deck { try DeckAPI.tableRequest(.seats, $0.parameters, method: $0.method) }),
        APIEndpoint(
            "deal-everyone", paths: ["deck/:deck/deal/"],
            handler: .deck { try DeckAPI.tableRequest(.dealToEveryone, $0.parameters, method: $0.method) }),
        APIEndpoint(
            "turn", paths: ["deck/:deck/turn/"],
            handler: .deck { try DeckAPI.tableRequest(.turn, $0.parameters, method: $0.method) }),
        APIEndpoint(
            "lock", paths: ["deck/:deck/lock/"],
            handler: .deck { try DeckAPI.tableRequest(.lock, $0.parameters, method: $0.method) }),
        // Rounds (issue 43): the host's reveal setting and the end of the open round.
        APIEndpoint(
            "round", paths: ["deck/:deck/round/"],
            handler: .deck { try DeckAPI.tableRequest(.round, $0.parameters, method: $0.method) }),
        APIEndpoint(
            "round-end", paths: ["deck/:deck/round/end/"],
            handler: .deck { try DeckAPI.tableRequest(.endRound, $0.parameters, method: $0.method) }),
        APIEndpoint(
            "round-entropy", paths: ["deck/:deck/round/entropy/"],
            handler: .deck { try DeckAPI.tableRequest(.roundEntropy, $0.parameters, method: $0.method) }),
        APIEndpoint(
            "rename", paths: ["deck/:deck/player/:player/rename/"],
            handler: .deck {
                try DeckAPI.tableRequest(.rename(player: $0.captures.player ?? ""), $0.parameters, method: $0.method)
            }),
        APIEndpoint(
            "take-back", paths: ["deck/:deck/player/:player/take-back/"],
            handler: .deck {
                try DeckAPI.tableRequest(
                    .takeBackGift(receiver: $0.captures.player ?? ""), $0.parameters, method: $0.method)
            }),
        APIEndpoint(
            "pile-face", paths: ["deck/:deck/pile/:pile/face/"],
            handler: .deck {
                try DeckAPI.tableRequest(.face(pile: $0.captures.pile ?? ""), $0.parameters, method: $0.method)
            }),
    ]
}

extension APIEndpointInput {
    /// The path's pile name, checked.
    var pile: String {
        get throws {
            let pile = captures.pile ?? ""
            guard PileName.isValid(pile) else { throw APIError.invalidPileName(pile) }
            return pile
        }
    }
}
