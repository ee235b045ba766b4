/// A deterministic random number generator (SplitMix64) for tests, benchmarks and replays.
///
/// Not cryptographically secure: decks dealt to people use `SystemRandomNumberGenerator`.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// var deck = DeckState(composition: composition, shuffled: true, using: &generator)
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    ///
    /// - Parameter seed: any value; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    ///
    /// - Returns: a pseudo-random value.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
