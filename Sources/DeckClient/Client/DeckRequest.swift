import Foundation
import PlayingCards

/// One call of the Deck of Cards API: its path under `/api/`, its parameters, and whether it
/// changes state.
///
/// The typed methods of ``DeckOfCardsClient`` build these; use them directly with
/// ``DeckOfCardsClient/send(_:)`` when you want the raw response body (the CLI's `--json`).
///
/// ```swift
/// let response = try await client.send(.draw(deckID: id, count: 2))
/// print(String(decoding: response.body, as: UTF8.self))
/// ```
///
/// Requests that change state are sent as `POST` with a form-encoded body and an
/// `Idempotency-Key` (see ``ChangeOptions``), and are resent with that key after transient failures
/// when the policy allows (``RetryPolicy/resendsChanges``); reads are sent as `GET` and retried.
public struct DeckRequest: Hashable, Sendable {
    /// The path segments after `/api/`, such as `["deck", "k3v9q2x8m1ab", "draw"]`.
    public var pathSegments: [String]
    /// The parameters, in order.
    public var parameters: [URLQueryItem]
    /// Whether the request may change the deck; such requests carry an idempotency key.
    public var changesState: Bool
    /// The idempotency key and precondition of a request that changes state (see ``with(_:)``).
    public var options = ChangeOptions()
    /// Whether a `success: false` answer can still carry dealt cards (main-deck draws).
    var mayDealShort: Bool = false

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - pathSegments: path segments after `/api/`.
    ///   - parameters: the parameters.
    ///   - changesState: whether the request may change state.
    public init(pathSegments: [String], parameters: [URLQueryItem] = [], changesState: Bool) {
        self.pathSegments = pathSegments
        self.parameters = parameters
        self.changesState = changesState
    }

    /// Whether the request changes nothing, so that it is safe to send again after a failure
    /// against any server. (A change is safe to resend only with its idempotency key to a server
    /// that honours it: see ``RetryPolicy/resendsChanges``.)
    public var isSafeToRetry: Bool { !changesState }

    /// A new deck, `/api/deck/new/` or `/api/deck/new/shuffle/`.
    ///
    /// - Parameters:
    ///   - shuffled: whether to shuffle it.
    ///   - deckCount: how many decks to combine (1…20).
    ///   - jokersEnabled: whether to add `X1` and `X2` to each deck.
    ///   - cards: a partial deck: only these cards (an empty list makes a deck of none), or `nil`
    ///     for all. The API keeps a joker in a partial deck only with jokers enabled, so naming one
    ///     sends `jokers_enabled=true`.
    /// - Returns: the request.
    public static func newDeck(
        shuffled: Bool = false, deckCount: Int = 1, jokersEnabled: Bool = false, cards: [PlayingCards.Card]? = nil
    ) -> DeckRequest {
        var parameters = [URLQueryItem(name: "deck_count", value: String(deckCount))]
        if jokersEnabled || Self.namesAJoker(cards) {
            parameters.append(URLQueryItem(name: "jokers_enabled", value: "true"))
        }
        if let cards { parameters.append(URLQueryItem(name: "cards", value: CardList.format(cards))) }
        return DeckRequest(
            pathSegments: shuffled ? ["deck", "new", "shuffle"] : ["deck", "new"], parameters: parameters,
            changesState: true)
    }

    /// A new shuffled deck with cards drawn from it at once, `/api/deck/new/draw/`.
    ///
    /// - Parameters:
    ///   - count: how many cards to draw.
    ///   - deckCount: how many decks to combine.
    ///   - jokersEnabled: whether to add jokers.
    /// - Returns: the request.
    public static func newDeckAndDraw(count: Int, deckCount: Int = 1, jokersEnabled: Bool = false) -> DeckRequest {
        var parameters = [
            URLQueryItem(name: "count", value: String(count)),
            URLQueryItem(name: "deck_count", value: String(deckCount)),
        ]
        if jokersEnabled { parameters.append(URLQueryItem(name: "jokers_enabled", value: "true")) }
        var request = DeckRequest(pathSegments: ["deck", "new", "draw"], parameters: parameters, changesState: true)
        request.mayDealShort = true
        return request
    }

    /// A deck's state, `/api/deck/<id>/`. Safe to retry.
    ///
    /// - Parameter deckID: the deck id.
    /// - Returns: the request.
    public static func deckInfo(deckID: String) -> DeckRequest {
        DeckRequest(pathSegments: ["deck", deckID], changesState: false)
    }

    /// A reshuffle, `/api/deck/<id>/shuffle/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - remainingOnly: shuffle only the undrawn stack, leaving drawn cards and piles alone;
    ///     otherwise every card comes back and all piles are cleared.
    ///   - jokersEnabled: switch jokers on or off for good, or `nil` to keep them as they are
    ///     (or, when `cards` names a joker, to switch them on so that the joker is kept).
    ///   - cards: replace the remembered partial-deck contents, or `nil` to keep them.
    /// - Returns: the request.
    public static func shuffle(
        deckID: String, remainingOnly: Bool = false, jokersEnabled: Bool? = nil, cards: [PlayingCards.Card]? = nil
    ) -> DeckRequest {
        var parameters: [URLQueryItem] = []
        if remainingOnly { parameters.append(URLQueryItem(name: "remaining", value: "true")) }
        if let jokers = jokersEnabled ?? (namesAJoker(cards) ? true : nil) {
            parameters.append(URLQueryItem(name: "jokers_enabled", value: jokers ? "true" : "false"))
        }
        if let cards { parameters.append(URLQueryItem(name: "cards", value: CardList.format(cards))) }
        return DeckRequest(pathSegments: ["deck", deckID, "shuffle"], parameters: parameters, changesState: true)
    }

    /// Whether a partial deck's cards include `X1` or `X2`, which the API keeps only with
    /// `jokers_enabled=true`.
    private static func namesAJoker(_ cards: [PlayingCards.Card]?) -> Bool {
        cards?.contains { card in
            if case .joker = card { return true }
            return false
        } ?? false
    }

    /// A draw from the deck's stack: `/api/deck/<id>/draw/` (top), or Riffle's `draw/bottom/`
    /// and `draw/random/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - count: how many cards.
    ///   - source: where in the stack to take them from.
    /// - Returns: the request.
    public static func draw(deckID: String, count: Int = 1, from source: DrawSource = .top) -> DeckRequest {
        var request = DeckRequest(
            pathSegments: ["deck", deckID, "draw"] + source.pathSuffix,
            parameters: [URLQueryItem(name: "count", value: String(count))], changesState: true)
        request.mayDealShort = true
        return request
    }

    /// The cards drawn from a deck and not in a pile, Riffle's `/api/deck/<id>/drawn/`. Safe to retry.
    ///
    /// - Parameter deckID: the deck id.
    /// - Returns: the request.
    public static func drawnCards(deckID: String) -> DeckRequest {
        DeckRequest(pathSegments: ["deck", deckID, "drawn"], changesState: false)
    }

    /// Drawn cards back to the bottom of the stack, `/api/deck/<id>/return/`.
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - cards: only these cards, or `nil` for every drawn card not in a pile.
    /// - Returns: the request.
    public static func returnCards(deckID: String, cards: [PlayingCards.Card]? = nil) -> DeckRequest {
        DeckRequest(pathSegments: ["deck", deckID, "return"], parameters: cardsParameter(cards), changesState: true)
    }

    static func cardsParameter(_ cards: [PlayingCards.Card]?) -> [URLQueryItem] {
        guard let cards else { return [] }
        return [URLQueryItem(name: "cards", value: CardList.format(cards))]
    }
}

extension DrawSource {
    /// The path segments after `draw/` that select this source.
    var pathSuffix: [String] {
        switch self {
        case .top: []
        case .bottom: ["bottom"]
        case .random: ["random"]
        }
    }
}
