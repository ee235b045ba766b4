import Foundation
import PlayingCards

extension DeckRequest {
    /// Drawn cards onto a pile, `/api/deck/<id>/pile/<name>/add/`, optionally only out of another
    /// pile (Riffle's `from=`).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name, `[-a-zA-Z0-9_]+`; the pile is created if needed.
    ///   - cards: the cards to move onto the pile (they must have been drawn).
    ///   - source: the pile the cards must come out of, or `nil` for wherever the caller can see
    ///     them. With a source the add is all or nothing: a card no longer there moves nothing.
    /// - Returns: the request.
    public static func addToPile(
        deckID: String, pile: String, cards: [PlayingCards.Card], from source: String? = nil
    ) -> DeckRequest {
        var parameters = cardsParameter(cards)
        if let source { parameters.append(URLQueryItem(name: "from", value: source)) }
        return DeckRequest(
            pathSegments: ["deck", deckID, "pile", pile, "add"], parameters: parameters, changesState: true)
    }

    /// Every pile's size and one pile's cards, `/api/deck/<id>/pile/<name>/list/`. Safe to retry.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile whose cards to list.
    /// - Returns: the request.
    public static func listPile(deckID: String, pile: String) -> DeckRequest {
        DeckRequest(pathSegments: ["deck", deckID, "pile", pile, "list"], changesState: false)
    }

    /// A pile shuffle, `/api/deck/<id>/pile/<name>/shuffle/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name.
    /// - Returns: the request.
    public static func shufflePile(deckID: String, pile: String) -> DeckRequest {
        DeckRequest(pathSegments: ["deck", deckID, "pile", pile, "shuffle"], changesState: true)
    }

    /// A draw of `count` cards from a pile: `.../pile/<name>/draw/` (top), `draw/bottom/` or `draw/random/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name.
    ///   - count: how many cards.
    ///   - source: top (the last added), bottom (the first added) or random.
    /// - Returns: the request.
    public static func drawFromPile(
        deckID: String, pile: String, count: Int = 1, from source: DrawSource = .top
    ) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "pile", pile, "draw"] + source.pathSuffix,
            parameters: [URLQueryItem(name: "count", value: String(count))], changesState: true)
    }

    /// A draw of exactly the named cards from a pile, `.../pile/<name>/draw/?cards=`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name.
    ///   - cards: the cards to take, in the order wanted.
    /// - Returns: the request.
    public static func drawFromPile(deckID: String, pile: String, cards: [PlayingCards.Card]) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "pile", pile, "draw"], parameters: cardsParameter(cards), changesState: true)
    }

    /// A pile (or some of its cards) back to the bottom of the stack, `.../pile/<name>/return/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - pile: the pile name; the pile stays, empty when all its cards are returned.
    ///   - cards: only these cards, or `nil` for the whole pile.
    /// - Returns: the request.
    public static func returnPile(deckID: String, pile: String, cards: [PlayingCards.Card]? = nil) -> DeckRequest {
        DeckRequest(
            pathSegments: ["deck", deckID, "pile", pile, "return"], parameters: cardsParameter(cards),
            changesState: true)
    }
}
