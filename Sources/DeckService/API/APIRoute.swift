import PlayingCards

/// An endpoint of the Deck of Cards API, parsed from a request path.
///
/// Parsing is separate from handling so that the path grammar (aliases, trailing slashes, the
/// `new` keyword) is one table, testable without a server.
enum APIRoute: Hashable, Sendable {
    case newDeck(shuffled: Bool)
    case newDeckAndDraw
    case deckInfo(deckID: String)
    case reshuffle(deckID: String)
    case draw(deckID: String, source: DrawSource)
    case returnCards(deckID: String)
    case drawnCards(deckID: String)
    case pile(deckID: String, pile: String, action: PileAction)
    /// `deck/<id>/player/<name>/`: joins a live table (Riffle extension).
    case join(deckID: String, player: String)
    /// `deck/<id>/events/`: the deck's Server-Sent Events stream (Riffle extension).
    case events(deckID: String)

    /// What a pile endpoint does.
    enum PileAction: Hashable, Sendable {
        case add, list, shuffle, returnCards
        case draw(DrawSource)
        /// Moves the top cards of the stack into the pile (Riffle extension).
        case deal
    }

    /// The outcome of matching a path.
    enum Match: Hashable, Sendable {
        /// The path names this endpoint.
        case route(APIRoute)
        /// The path names an endpoint but lacks its trailing slash.
        case missingTrailingSlash
        /// The path names no endpoint.
        case none
    }

    /// The deck the endpoint works on, if any.
    var deckID: String? {
        switch self {
        case .newDeck, .newDeckAndDraw: nil
        case .deckInfo(let id), .reshuffle(let id), .draw(let id, _), .returnCards(let id), .drawnCards(let id),
            .pile(let id, _, _), .join(let id, _), .events(let id):
            id
        }
    }

    /// A short label for logs and metrics, without ids or pile names.
    var label: String {
        switch self {
        case .newDeck(false): "new"
        case .newDeck(true): "new-shuffle"
        case .newDeckAndDraw: "new-draw"
        case .deckInfo: "info"
        case .reshuffle: "shuffle"
        case .draw(_, .top): "draw"
        case .draw(_, .bottom): "draw-bottom"
        case .draw(_, .random): "draw-random"
        case .returnCards: "return"
        case .drawnCards: "drawn"
        case .pile(_, _, .add): "pile-add"
        case .pile(_, _, .list): "pile-list"
        case .pile(_, _, .shuffle): "pile-shuffle"
        case .pile(_, _, .returnCards): "pile-return"
        case .pile(_, _, .draw(.top)): "pile-draw"
        case .pile(_, _, .draw(.bottom)): "pile-draw-bottom"
        case .pile(_, _, .draw(.random)): "pile-draw-random"
        case .pile(_, _, .deal): "pile-deal"
        case .join: "join"
        case .events: "events"
        }
    }

    /// Matches a request path such as `/api/deck/abc123def456/draw/`.
    static func match(path: String) -> Match {
        guard path.hasPrefix("/api/") || path == "/api" else { return .none }
        let hasTrailingSlash = path.hasSuffix("/")
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).dropFirst()
        guard let route = route(Array(segments)) else { return .none }
        return hasTrailingSlash ? .route(route) : .missingTrailingSlash
    }

    private static func route(_ segments: [Substring]) -> APIRoute? {
        switch segments.count {
        case 0:
            return nil
        case 1:
            switch segments[0] {
            case "new": return .newDeck(shuffled: false)
            case "shuffle": return .newDeck(shuffled: true)
            default: return nil
            }
        case 2:
            switch (segments[0], segments[1]) {
            case ("deck", "new"): return .newDeck(shuffled: false)
            case ("deck", let id): return .deckInfo(deckID: String(id))
            case ("shuffle", let id): return .reshuffle(deckID: String(id))
            case ("draw", let id): return .draw(deckID: String(id), source: .top)
            default: return nil
            }
        default:
            guard segments[0] == "deck" else { return nil }
            return deckRoute(id: segments[1], rest: segments.dropFirst(2))
        }
    }

    private static func deckRoute(id: Substring, rest: ArraySlice<Substring>) -> APIRoute? {
        let deckID = String(id)
        let rest = Array(rest)
        if id == "new" {
            switch rest {
            case ["shuffle"]: return .newDeck(shuffled: true)
            case ["draw"]: return .newDeckAndDraw
            default: return nil
            }
        }
        switch rest {
        case ["shuffle"]: return .reshuffle(deckID: deckID)
        case ["draw"]: return .draw(deckID: deckID, source: .top)
        case ["draw", "bottom"]: return .draw(deckID: deckID, source: .bottom)
        case ["draw", "random"]: return .draw(deckID: deckID, source: .random)
        case ["return"]: return .returnCards(deckID: deckID)
        case ["drawn"]: return .drawnCards(deckID: deckID)
        case ["events"]: return .events(deckID: deckID)
        default: break
        }
        if rest.count == 2, rest[0] == "player" { return .join(deckID: deckID, player: String(rest[1])) }
        guard rest.count >= 3, rest[0] == "pile" else { return nil }
        let pile = String(rest[1])
        let action: PileAction
        switch rest.dropFirst(2) {
        case ["add"]: action = .add
        case ["list"]: action = .list
        case ["shuffle"]: action = .shuffle
        case ["return"]: action = .returnCards
        case ["draw"]: action = .draw(.top)
        case ["deal"]: action = .deal
        case let words where words.count == 2 && words.first == "draw":
            guard let source = pileDrawSource(words.last!) else { return nil }
            action = .draw(source)
        default: return nil
        }
        return .pile(deckID: deckID, pile: pile, action: action)
    }

    /// A pile draw's location word, as the public API reads it: `bottom` and `random` in any case;
    /// any other word of `[-a-zA-Z0-9_]` draws from the top. Other characters name no endpoint.
    private static func pileDrawSource(_ word: Substring) -> DrawSource? {
        let isSlug =
            !word.isEmpty
            && word.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default:
                    false
                }
            }
        guard isSlug else { return nil }
        switch word.lowercased() {
        case "bottom": return .bottom
        case "random": return .random
        default: return .top
        }
    }
}
