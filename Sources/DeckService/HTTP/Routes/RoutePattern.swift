import PlayingCards

/// A path pattern of the route table, relative to `/api/`: segments separated by `/`, each a
/// literal word or a capture.
///
/// Captures: `:deck` (a deck id; after the literal `deck` it never matches `new`, which names the
/// new-deck endpoints there), `:pile`, `:player`, and the pile draw's location words `:bottom` and
/// `:random` (that word in any case) and `:top` (any other word of `[-a-zA-Z0-9_]`, as the public
/// API reads it). Any other `:name` matches nothing (`APIRouteTableTests` checks the table has none).
struct RoutePattern: Sendable, CustomStringConvertible {
    /// One segment of a pattern.
    enum Segment: Sendable, Equatable {
        case literal(String)
        case deck(rejectsNew: Bool)
        case pile
        case player
        case location(DrawSource)
        /// An unknown capture name: matches nothing.
        case invalid(String)
    }

    let segments: [Segment]
    let description: String

    init(_ text: String) {
        description = text
        var segments: [Segment] = []
        for word in text.split(separator: "/") {
            guard word.hasPrefix(":") else {
                segments.append(.literal(String(word)))
                continue
            }
            switch word.dropFirst() {
            case "deck": segments.append(.deck(rejectsNew: segments.last == .literal("deck")))
            case "pile": segments.append(.pile)
            case "player": segments.append(.player)
            case "top": segments.append(.location(.top))
            case "bottom": segments.append(.location(.bottom))
            case "random": segments.append(.location(.random))
            default: segments.append(.invalid(String(word)))
            }
        }
        self.segments = segments
    }

    /// Whether `path` (the request path's segments after `api`) matches, filling `captures`.
    func match(_ path: ArraySlice<Substring>, into captures: inout RouteCaptures) -> Bool {
        guard path.count == segments.count else { return false }
        var index = path.startIndex
        for segment in segments {
            let word = path[index]
            index += 1
            switch segment {
            case .literal(let literal):
                guard word == literal else { return false }
            case .deck(let rejectsNew):
                if rejectsNew, word == "new" { return false }
                captures.deck = String(word)
            case .pile:
                captures.pile = String(word)
            case .player:
                captures.player = String(word)
            case .location(let source):
                guard Self.location(word) == source else { return false }
            case .invalid:
                return false
            }
        }
        return true
    }

    /// A pile draw's location word, as the public API reads it: `bottom` and `random` in any case;
    /// any other word of `[-a-zA-Z0-9_]` draws from the top. Other characters name no endpoint.
    static func location(_ word: Substring) -> DrawSource? {
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

/// What a matched path names: the deck, pile and player of its captures.
struct RouteCaptures: Hashable, Sendable {
    var deck: String?
    var pile: String?
    var player: String?
}
