import HTTPTypes
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
    /// A live table's seats, turn, display names and face-down piles (Riffle extensions).
    case table(deckID: String, route: TableRoute)

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
            .pile(let id, _, _), .join(let id, _), .events(let id), .table(let id, _):
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
        case .table(_, let route): route.label
        }
    }

    /// The label of a request to this endpoint with `method`: ``label``, except that removing a
    /// player (`DELETE` of `player/<name>/`) is `leave`, not `join`.
    func label(method: HTTPRequest.Method) -> String {
        if case .join = self, method == .delete { return "leave" }
        return label
    }

    /// Matches a request path such as `/api/deck/abc123def456/draw/`.
    ///
    /// Runs on every API request, so it compares path segments in place instead of building
    /// arrays to match against.
    static func match(path: String) -> Match {
        guard path.hasPrefix("/api/") || path == "/api" else { return .none }
        let hasTrailingSlash = path.utf8.last == UInt8(ascii: "/")
        guard let route = route(segments(of: path).dropFirst()) else { return .none }
        return hasTrailingSlash ? .route(route) : .missingTrailingSlash
    }

    /// The path's non-empty segments between slashes, found byte by byte (splitting a `String`
    /// by a `Character` walks grapheme clusters, several times slower).
    private static func segments(of path: String) -> [Substring] {
        var segments: [Substring] = []
        segments.reserveCapacity(8)
        let bytes = path.utf8
        var segmentStart = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            // `/` is ASCII, so the indices around it are valid places to cut the string.
            if bytes[index] == UInt8(ascii: "/") {
                if segmentStart != index { segments.append(path[segmentStart..<index]) }
                segmentStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if segmentStart != bytes.endIndex { segments.append(path[segmentStart...]) }
        return segments
    }

    private static func route(_ segments: ArraySlice<Substring>) -> APIRoute? {
        guard let first = segments.first else { return nil }
        let rest = segments.dropFirst()
        switch rest.count {
        case 0:
            switch first {
            case "new": return .newDeck(shuffled: false)
            case "shuffle": return .newDeck(shuffled: true)
            default: return nil
            }
        case 1:
            let id = rest[rest.startIndex]
            switch first {
            case "deck": return id == "new" ? .newDeck(shuffled: false) : .deckInfo(deckID: String(id))
            case "shuffle": return .reshuffle(deckID: String(id))
            case "draw": return .draw(deckID: String(id), source: .top)
            default: return nil
            }
        default:
            guard first == "deck" else { return nil }
            return deckRoute(id: rest[rest.startIndex], rest: rest.dropFirst())
        }
    }

    /// The endpoints under `deck/<id>/`; `rest` holds at least one segment.
    private static func deckRoute(id: Substring, rest: ArraySlice<Substring>) -> APIRoute? {
        let action = rest[rest.startIndex]
        if id == "new" {
            guard rest.count == 1 else { return nil }
            switch action {
            case "shuffle": return .newDeck(shuffled: true)
            case "draw": return .newDeckAndDraw
            default: return nil
            }
        }
        let deckID = String(id)
        if let table = TableRoute.match(rest) { return .table(deckID: deckID, route: table) }
        let second = rest.count >= 2 ? rest[rest.startIndex + 1] : ""
        switch (action, rest.count) {
        case ("shuffle", 1): return .reshuffle(deckID: deckID)
        case ("draw", 1): return .draw(deckID: deckID, source: .top)
        case ("draw", 2) where second == "bottom": return .draw(deckID: deckID, source: .bottom)
        case ("draw", 2) where second == "random": return .draw(deckID: deckID, source: .random)
        case ("return", 1): return .returnCards(deckID: deckID)
        case ("drawn", 1): return .drawnCards(deckID: deckID)
        case ("events", 1): return .events(deckID: deckID)
        case ("player", 2): return .join(deckID: deckID, player: String(second))
        case ("pile", 3...): break
        default: return nil
        }
        let pile = String(second)
        let words = rest.dropFirst(2)
        let verb = words[words.startIndex]
        let pileAction: PileAction
        switch (verb, words.count) {
        case ("add", 1): pileAction = .add
        case ("list", 1): pileAction = .list
        case ("shuffle", 1): pileAction = .shuffle
        case ("return", 1): pileAction = .returnCards
        case ("draw", 1): pileAction = .draw(.top)
        case ("deal", 1): pileAction = .deal
        case ("draw", 2):
            guard let source = pileDrawSource(words[words.startIndex + 1]) else { return nil }
            pileAction = .draw(source)
        default: return nil
        }
        return .pile(deckID: deckID, pile: pile, action: pileAction)
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
