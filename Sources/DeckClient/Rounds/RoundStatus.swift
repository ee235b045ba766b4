import PlayingCards

/// A round of a live table as the API shows it (its `round` object): the host's full shuffle that started it,
/// announced by its commitment, and, once it is over, its revealed seed. (PlayingCards' `TableRound` is the server's
/// own record of a round, secret seed included.)
///
/// A round starts with each full reshuffle of a deck that has players: the server draws a secret seed, orders the
/// cards with `riffle-shuffle-v1` (`SeededShuffle`) and announces the commitment
/// (`ShuffleCommitment`, `riffle-commit-v1`). When the round ends and the table reveals its seeds,
/// ``seed`` is set and anyone can check the round (``DeckOfCardsClient/verify(deckID:round:)``).
///
/// ```swift
/// let deck = try await client.deckInfo(deckID: id)
/// if let round = deck.round {
///     print(round.number, round.commitment.digest, round.isRevealed)   // 3 "9c1e…" false
/// }
/// ```
public struct RoundStatus: Hashable, Sendable, Decodable {
    /// The round's number: 1 for a table's first round, one more for each full reshuffle since.
    public var number: Int
    /// The commitment scheme, `riffle-commit-v1` (`ShuffleCommitment.scheme`).
    public var scheme: String
    /// The commitment announced when the round started.
    public var commitment: ShuffleCommitment
    /// Whether the table reveals its rounds' seeds when they end (the host's setting).
    public var revealsSeed: Bool
    /// Whether the round has ended (a newer full shuffle started, or the host ended it).
    public var isOver: Bool
    /// The seed, once revealed (the round is over and the table reveals its seeds); `nil` before.
    public var seed: String?
    /// The players' entropy mixed into the order (`riffle-mix-v1`, PlayingCards' `SeedMixing`), in the order it was
    /// added: the stack is in the order of the committed seed mixed with these.
    public var entropy: [RoundEntropy]

    /// Whether the seed is revealed, so that the round can be checked.
    public var isRevealed: Bool { seed != nil }

    /// Creates a round.
    ///
    /// - Parameters:
    ///   - number: the round's number, 1 or more.
    ///   - scheme: the commitment scheme.
    ///   - commitment: the announced commitment.
    ///   - revealsSeed: whether the table reveals seeds.
    ///   - isOver: whether the round has ended.
    ///   - seed: the revealed seed, if any.
    ///   - entropy: the players' contributions, in order.
    public init(
        number: Int, scheme: String = ShuffleCommitment.scheme, commitment: ShuffleCommitment, revealsSeed: Bool,
        isOver: Bool, seed: String? = nil, entropy: [RoundEntropy] = []
    ) {
        self.number = number
        self.scheme = scheme
        self.commitment = commitment
        self.revealsSeed = revealsSeed
        self.isOver = isOver
        self.seed = seed
        self.entropy = entropy
    }

    private enum CodingKeys: String, CodingKey {
        case number, scheme, commitment, reveal, over, seed, entropy
    }

    /// One entry of `entropy`.
    private struct Contribution: Decodable {
        var player: String
        var text: String
    }

    /// Decodes the API's round object: `number`, `scheme`, `commitment`, `reveal`, `over`, `entropy` once a player
    /// has added some (`[{"player", "text"}]`) and, once revealed, `seed`.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing, the number is below 1 or the commitment is not 64
    ///   hexadecimal digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        guard number >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .number, in: container, debugDescription: "A round's number is 1 or more, not \(number).")
        }
        scheme = try container.decode(String.self, forKey: .scheme)
        let digest = try container.decode(String.self, forKey: .commitment)
        guard let commitment = ShuffleCommitment(digest: digest) else {
            throw DecodingError.dataCorruptedError(
                forKey: .commitment, in: container,
                debugDescription: "\"\(digest)\" is not a commitment (64 hexadecimal digits).")
        }
        self.commitment = commitment
        revealsSeed = try container.decode(Bool.self, forKey: .reveal)
        isOver = try container.decode(Bool.self, forKey: .over)
        seed = try container.decodeIfPresent(String.self, forKey: .seed)
        entropy =
            try container.decodeIfPresent([Contribution].self, forKey: .entropy)?.map {
                RoundEntropy(player: $0.player, text: $0.text)
            } ?? []
    }
}
