/// A deterministic random number generator (SplitMix64) for tests, benchmarks, replays and engines that must
/// behave the same on every run.
///
/// Equal seeds give equal sequences on every platform, including Embedded Swift, which has no system random
/// source. Not cryptographically secure: decks dealt to people use `SystemRandomNumberGenerator`.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// var deck = DeckState(composition: composition, shuffled: true, using: &generator)
/// let roll = Int.random(in: 1...6, using: &generator)
/// ```
///
/// The one seeded generator of Riffle: `SwipeStack` draws its treap priorities from it, `PlayingCards` re-exports
/// it, and the tests and benchmarks seed their random inputs with it.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Hashable, Sendable {
    @usableFromInline var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    ///
    /// - Parameter seed: any value; equal seeds give equal sequences.
    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    ///
    /// Inlinable, so that an engine drawing from it in a hot loop pays for no call across modules.
    ///
    /// - Returns: a pseudo-random value.
    /// - Complexity: O(1).
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
