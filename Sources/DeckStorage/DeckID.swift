/// Deck ids: 12 characters of `[a-z0-9]`, case-sensitive, drawn from a cryptographically secure
/// generator so that nobody can guess another person's deck.
public enum DeckID {
    /// The number of characters in an id.
    public static let length = 12
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// A new random id (about 62 bits of entropy).
    ///
    /// - Parameter generator: the randomness; `SystemRandomNumberGenerator` by default.
    /// - Returns: 12 characters of `[a-z0-9]`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for _ in 0..<length { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A new random id from the system's secure generator.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Whether `text` has the shape of a deck id. Ids of another shape name no deck.
    public static func isWellFormed<S: StringProtocol>(_ text: S) -> Bool {
        // Checked over the contiguous bytes when there are (one generic call instead of one per
        // byte): this runs on every request that names a deck.
        text.utf8.withContiguousStorageIfAvailable(hasIDShape) ?? hasIDShape(text.utf8)
    }

    private static func hasIDShape<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var count = 0
        for byte in bytes {
            count += 1
            let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard count <= length, isLetter || isDigit else { return false }
        }
        return count == length
    }
}
