/// A shuffle fixed by a seed: the same seed and the same cards give the same order on every
/// machine and in every version of Riffle.
///
/// The algorithm is frozen as `riffle-shuffle-v1` (a later one gets a new name; this one never
/// changes), so that anyone can recompute an order from its seed, and `docs/SEEDED-SHUFFLE.md`
/// publishes test vectors:
///
/// 1. The key is SHA-256 of the bytes of `riffle-shuffle-v1`, one zero byte, and the seed's UTF-8
///    bytes.
/// 2. A stream of 64-bit words: block *n* (*n* = 0, 1, 2, …) is SHA-256 of the key followed by *n*
///    as 8 bytes, most significant first; each block gives four words, each read from 8 of its
///    bytes, most significant first, in order.
/// 3. A number below *b*: the next word *w* of the stream, taken when *w* is below
///    ⌊(2⁶⁴ − 1) / *b*⌋ · *b* (else the next word, and so on), is *w* mod *b*. No bias.
/// 4. The cards start in their unshuffled order, the top card first (``DeckComposition/allCards``);
///    for *i* from the last position down to 1, the card at *i* swaps with the card at a number
///    below *i* + 1 (Fisher–Yates). The first card of the result is the top of the stack.
///
/// ```swift
/// let shuffle = try SeededShuffle(seed: "game night")
/// let order = shuffle.shuffled(try DeckComposition().allCards)    // the same 52 cards, every time
/// ```
///
/// A seed chosen by a caller makes an order anyone who knows the seed can predict: it is for tests,
/// replays and puzzles, not for a game whose players must not know the order.
public struct SeededShuffle: Hashable, Sendable {
    /// The algorithm's frozen name.
    public static let algorithm = "riffle-shuffle-v1"
    /// The longest seed, in UTF-8 bytes.
    public static let maximumSeedBytes = 256

    /// The seed, as given.
    public let seed: String
    private let key: [UInt8]

    /// A shuffle for `seed`.
    ///
    /// - Parameter seed: 1 to ``maximumSeedBytes`` bytes of text.
    /// - Throws: ``DeckError`` (``DeckError/Kind/invalidSeed``) for an empty or too long seed.
    public init(seed: String) throws(DeckError) {
        let bytes = Array(seed.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumSeedBytes else { throw .invalidSeed }
        self.seed = seed
        key = ShuffleHash.sha256(Array(Self.algorithm.utf8) + [0] + bytes)
    }

    /// `items` in the seed's order.
    ///
    /// - Parameter items: the items in their starting order (for cards, unshuffled, top first).
    /// - Returns: the same items, shuffled as the seed says.
    /// - Complexity: O(*n*) in the number of items.
    public func shuffled<Element>(_ items: [Element]) -> [Element] {
        var result = items
        guard result.count > 1 else { return result }
        var words = WordStream(key: key)
        var position = result.count - 1
        while position > 0 {
            let other = words.next(below: UInt64(position + 1))
            result.swapAt(position, Int(other))
            position -= 1
        }
        return result
    }

    /// The 64-bit words of step 2, and unbiased numbers from them (step 3).
    private struct WordStream {
        let key: [UInt8]
        var block: UInt64 = 0
        var words: [UInt64] = []
        var nextWord = 0

        init(key: [UInt8]) {
            self.key = key
        }

        mutating func next() -> UInt64 {
            if nextWord == words.count {
                var message = key
                for shift in stride(from: 56, through: 0, by: -8) {
                    message.append(UInt8(truncatingIfNeeded: block >> UInt64(shift)))
                }
                let digest = ShuffleHash.sha256(message)
                words = (0..<4).map { index in
                    var word: UInt64 = 0
                    for byte in digest[(index * 8)..<(index * 8 + 8)] { word = word << 8 | UInt64(byte) }
                    return word
                }
                nextWord = 0
                block += 1
            }
            defer { nextWord += 1 }
            return words[nextWord]
        }

        mutating func next(below bound: UInt64) -> UInt64 {
            let limit = UInt64.max / bound * bound
            while true {
                let word = next()
                if word < limit { return word % bound }
            }
        }
    }
}
