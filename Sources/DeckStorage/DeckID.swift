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
        text.utf8.count == length && text.utf8.allSatisfy { alphabet.contains($0) }
    }
}
