import PlayingCards

/// What a round's history page says of the round (``TableHistoryPage/round``): the round, the cards its commitment
/// covers, and, once the seed is revealed, what happened to the stack during the round.
///
/// It is everything a check of the round needs besides the events: the commitment is made from the seed, ``cards``
/// and the round's number; the seed orders ``cards`` (`SeededShuffle`); replaying ``steps`` on that order
/// (`RoundAudit`) checks every card that left the stack.
///
/// ```swift
/// let page = try await client.history(deckID: id, round: 2)
/// if let record = page.round, let seed = record.round.seed, let steps = record.steps {
///     let audit = RoundAudit(commitment: record.round.commitment, seed: seed, cards: record.cards,
///                            round: record.round.number, steps: steps,
///                            entropy: record.round.entropy.map(\.text))
///     print(audit.isVerified)
/// }
/// ```
public struct RoundRecord: Hashable, Sendable, Decodable {
    /// The round.
    public var round: RoundStatus
    /// The cards shuffled, in their starting order (the deck's composition): those the commitment covers.
    public var cards: [PlayingCards.Card]
    /// What happened to the stack during the round, in order, once the seed is revealed; `nil` before.
    public var steps: [RoundAudit.Step]?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - round: the round.
    ///   - cards: the cards in their starting order.
    ///   - steps: the stack's steps, once revealed.
    public init(round: RoundStatus, cards: [PlayingCards.Card], steps: [RoundAudit.Step]? = nil) {
        self.round = round
        self.cards = cards
        self.steps = steps
    }

    private enum CodingKeys: String, CodingKey {
        case cards, steps
    }

    /// Decodes a history page's `round` object: the round's own keys (see ``RoundStatus``), `cards` as one
    /// comma-separated string of card codes (`"AS,2S,…,KH"`), and `steps` (`{"step": "top"|"bottom"|"under",
    /// "cards": […]}` or `{"step": "reshuffled"}`).
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` naming the field when the round is malformed, a card code is unknown or a step is
    ///   not one of the four.
    public init(from decoder: any Decoder) throws {
        round = try RoundStatus(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let codes = try container.decode(String.self, forKey: .cards)
        var cards: [PlayingCards.Card] = []
        for code in codes.split(separator: ",", omittingEmptySubsequences: false) where !codes.isEmpty {
            guard let card = PlayingCards.Card(code: code) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .cards, in: container, debugDescription: "\"\(code)\" is not a card code.")
            }
            cards.append(card)
        }
        self.cards = cards
        steps = try container.decodeIfPresent([StackStep].self, forKey: .steps)?.map(\.step)
    }

    /// One entry of `steps`.
    private struct StackStep: Decodable {
        var step: RoundAudit.Step

        private enum CodingKeys: String, CodingKey {
            case step, cards
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let kind = try container.decode(String.self, forKey: .step)
            func cards() throws -> [PlayingCards.Card] {
                try container.decode([DeckEvent.Move.MovedCard].self, forKey: .cards).map(\.card)
            }
            switch kind {
            case "top": step = .fromTop(try cards())
            case "bottom": step = .fromBottom(try cards())
            case "under": step = .returnedToBottom(try cards())
            case "reshuffled": step = .stackReshuffled
            default:
                // A step this version cannot replay would make every check after it meaningless: refuse it.
                throw DecodingError.dataCorruptedError(
                    forKey: .step, in: container,
                    debugDescription: "\"\(kind)\" is not a step this SDK knows (top, bottom, under, reshuffled).")
            }
        }
    }
}
