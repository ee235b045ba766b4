/// The seed a round's order is made from once its players have added entropy of their own: `riffle-mix-v1`.
///
/// The server commits to its secret seed when the round starts (``ShuffleCommitment``); players may then add
/// entropy until the first card leaves the stack, and the order is the one the mixed seed gives
/// (``SeededShuffle``). Since the server's seed is fixed before anyone adds entropy, the server cannot choose an
/// order after seeing the players' entropy, and no player can predict the order without the server's seed.
///
/// The mixed seed is `riffle-mix-v1:` followed by the SHA-256, in lowercase hexadecimal, of the bytes of
/// `riffle-mix-v1`, then the server's seed and each contribution in the order they were added, each as its length in
/// UTF-8 bytes (4 bytes, most significant first) and its UTF-8 bytes. Without contributions it is the server's seed
/// itself, so a round nobody added to is ordered by its seed alone.
///
/// ```swift
/// let seed = SeedMixing.mixed(seed: revealed, entropy: ["ann's dice: 4 1 6", "bob"])
/// let order = try SeededShuffle(seed: seed).shuffled(cards)
/// ```
public enum SeedMixing {
    /// The mixing scheme's frozen name.
    public static let scheme = "riffle-mix-v1"
    /// The longest contribution, in UTF-8 bytes.
    public static let maximumEntropyBytes = 128

    /// The seed that orders a round: `seed` mixed with the players' contributions, in the order they were added.
    ///
    /// - Parameters:
    ///   - seed: the server's seed, as committed to.
    ///   - entropy: the players' contributions, in order.
    /// - Returns: `seed` when there are none, else the mixed seed (78 ASCII characters).
    public static func mixed(seed: String, entropy: [String]) -> String {
        guard !entropy.isEmpty else { return seed }
        var message = Array(scheme.utf8)
        for part in [seed] + entropy {
            let bytes = Array(part.utf8)
            let length = UInt32(truncatingIfNeeded: bytes.count)
            message += [
                UInt8(length >> 24), UInt8((length >> 16) & 0xff), UInt8((length >> 8) & 0xff), UInt8(length & 0xff),
            ]
            message += bytes
        }
        return scheme + ":" + ShuffleHash.hexDigest(message)
    }
}
