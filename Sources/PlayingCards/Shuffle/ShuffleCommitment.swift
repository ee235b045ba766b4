/// A commitment to a shuffle: announced with the shuffle, while its seed stays secret; once the
/// seed is revealed, anyone can check that it is the one committed to, and recompute the order.
///
/// The commitment is the SHA-256, in hexadecimal, of the bytes of `riffle-commit-v1`, a zero byte,
/// the seed's UTF-8 bytes, a zero byte, the codes of the cards shuffled in their starting order
/// (``DeckComposition/allCards``) joined by `,`, a zero byte, and the round's number in decimal.
/// The cards and the round are in it so that a seed revealed for one round cannot be passed off as
/// another round's, nor for other cards.
///
/// ```swift
/// let cards = try DeckComposition().allCards
/// let commitment = ShuffleCommitment(seed: secret, cards: cards, round: 3)
/// // … the round is played; then the seed is revealed:
/// commitment.isMade(bySeed: secret, cards: cards, round: 3)      // true
/// ```
public struct ShuffleCommitment: Hashable, Sendable {
    /// The commitment scheme's frozen name.
    public static let scheme = "riffle-commit-v1"

    /// The commitment: 64 lowercase hexadecimal digits.
    public let digest: String

    /// The commitment to shuffling `cards` with `seed` in round `round`.
    ///
    /// - Parameters:
    ///   - seed: the seed (see ``SeededShuffle``).
    ///   - cards: the cards in their starting order.
    ///   - round: the round's number.
    public init(seed: String, cards: [Card], round: Int) {
        digest = ShuffleHash.hexDigest(Self.message(seed: seed, cards: cards, round: round))
    }

    /// A commitment as announced (64 hexadecimal digits, any case), or `nil` when it is not one.
    ///
    /// - Parameter digest: the announced commitment.
    public init?(digest: String) {
        let lowered = String(decoding: digest.utf8.map { $0 >= 65 && $0 <= 70 ? $0 + 32 : $0 }, as: UTF8.self)
        guard lowered.utf8.count == 64,
            lowered.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else { return nil }
        self.digest = lowered
    }

    /// Whether a revealed seed is the one committed to, for these cards and this round.
    ///
    /// - Parameters:
    ///   - seed: the revealed seed.
    ///   - cards: the cards in their starting order.
    ///   - round: the round's number.
    /// - Returns: `true` when the commitment was made from exactly these.
    public func isMade(bySeed seed: String, cards: [Card], round: Int) -> Bool {
        ShuffleCommitment(seed: seed, cards: cards, round: round) == self
    }

    private static func message(seed: String, cards: [Card], round: Int) -> [UInt8] {
        var message = Array(scheme.utf8)
        message.append(0)
        message += Array(seed.utf8)
        message.append(0)
        for (index, card) in cards.enumerated() {
            if index > 0 { message.append(UInt8(ascii: ",")) }
            message += Array(card.code.utf8)
        }
        message.append(0)
        message += decimalDigits(round)
        return message
    }

    /// `value` in decimal, as ASCII digits (a minus sign first when negative). Written out rather than through
    /// `String(_:)`, whose fast division needs a 128-bit multiply that Embedded Swift's WebAssembly runtime lacks.
    private static func decimalDigits(_ value: Int) -> [UInt8] {
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        if value < 0 { digits.append(UInt8(ascii: "-")) }
        return digits.reversed()
    }
}
