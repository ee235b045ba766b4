/// One pile as the pile endpoints describe it under `piles`: its name, size and, for the pile a
/// list request named, its cards.
///
/// On a live table (see ``DeckOfCardsClient/join(deckID:player:)``) a player's hand is a private
/// pile: ``isPrivate`` is set, and its ``cards`` are listed only to a client playing as its owner
/// (``DeckOfCardsClient/withPlayer(_:)``); everyone else sees ``remaining``.
public struct PileSummary: Hashable, Sendable {
    /// The pile's name, `[-a-zA-Z0-9_]+`.
    public var name: String
    /// How many cards the pile holds.
    public var remaining: Int
    /// The pile's cards, bottom to top; present only for the pile a list request named (and, for a
    /// private pile, only to its owner).
    public var cards: [CardInfo]?
    /// Whether the pile is a player's hand, whose cards only that player sees (`"private": true`).
    public var isPrivate: Bool
    /// Whether it is a face-down public pile: its count is public, its cards visible to nobody
    /// (Riffle's `"face": "down"`).
    public var isFaceDown: Bool = false

    /// Creates a summary.
    ///
    /// - Parameters:
    ///   - name: the pile name.
    ///   - remaining: the pile size.
    ///   - cards: the pile's cards, bottom to top, when known.
    ///   - isPrivate: whether the pile is a player's hidden hand.
    public init(name: String, remaining: Int, cards: [CardInfo]? = nil, isPrivate: Bool = false) {
        self.name = name
        self.remaining = remaining
        self.cards = cards
        self.isPrivate = isPrivate
    }

    /// The value under one pile name.
    struct Body: Decodable {
        var remaining: Int
        var cards: [CardInfo]?
        var isPrivate: Bool?
        var face: String?

        private enum CodingKeys: String, CodingKey {
            case remaining, cards, face
            case isPrivate = "private"
        }
    }

    /// Decodes the `piles` object into summaries in the server's order (creation order).
    ///
    /// JSON objects are unordered to `Decodable`, so the order comes from the raw body, read by
    /// the client and passed in `userInfo`; without it, names are sorted.
    static func decodePiles<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, forKey key: Key, decoder: any Decoder
    ) throws -> [PileSummary] {
        let bodies = try container.decode([String: Body].self, forKey: key)
        let serverOrder = decoder.userInfo[.pileNameOrder] as? [String] ?? []
        var names = serverOrder.filter { bodies[$0] != nil }
        if names.count != bodies.count {
            let known = Set(names)
            names += bodies.keys.filter { !known.contains($0) }.sorted()
        }
        return names.map { name in
            let body = bodies[name]!
            var pile = PileSummary(
                name: name, remaining: body.remaining, cards: body.cards, isPrivate: body.isPrivate ?? false)
            pile.isFaceDown = body.face == "down"
            return pile
        }
    }
}

extension CodingUserInfoKey {
    /// The names under `piles` in the order the raw body lists them (a `[String]`).
    static let pileNameOrder = CodingUserInfoKey(rawValue: "riffle.pileNameOrder")!
}

extension Array where Element == PileSummary {
    /// The pile with a name, if listed.
    ///
    /// - Parameter name: the pile name.
    /// - Returns: the summary, or `nil` when no pile has that name.
    public subscript(named name: String) -> PileSummary? {
        first { $0.name == name }
    }
}
