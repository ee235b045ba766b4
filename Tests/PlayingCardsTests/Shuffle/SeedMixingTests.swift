import PlayingCards
import Testing

/// `riffle-mix-v1`, against the vector `scripts/seeded_shuffle.py` (Python's own SHA-256) gives and the docs publish.
@Suite struct SeedMixingTests {
    @Test func aRoundNobodyAddedToIsOrderedByItsSeedAlone() {
        #expect(SeedMixing.mixed(seed: "riffle", entropy: []) == "riffle")
    }

    @Test func thePublishedVectorHolds() throws {
        let mixed = SeedMixing.mixed(seed: "riffle", entropy: ["ann's dice: 4 1 6", "bob"])
        #expect(mixed == "riffle-mix-v1:c0f172dd03a8ef97e22bccb5d127ceb90220cdd4d2788159541567797316b51c")
        let order = try SeededShuffle(seed: mixed).shuffled(try DeckComposition().allCards).map(\.code)
        #expect(order.prefix(8) == ["2D", "5S", "6S", "JS", "4D", "QH", "3C", "9S"])
    }

    @Test func eachContributionAndItsPlaceChangeTheSeed() {
        let seeds = [
            SeedMixing.mixed(seed: "riffle", entropy: ["a", "b"]),
            SeedMixing.mixed(seed: "riffle", entropy: ["b", "a"]),
            SeedMixing.mixed(seed: "riffle", entropy: ["ab"]), SeedMixing.mixed(seed: "riffl", entropy: ["ea", "b"]),
            SeedMixing.mixed(seed: "riffle", entropy: ["a", "b", "c"]),
        ]
        #expect(Set(seeds).count == seeds.count, "lengths keep the parts apart")
    }
}
