import PlayingCards
import Testing

@Suite struct ShuffleHashTests {
    /// FIPS 180-4's examples (and the empty message), with one and two blocks, and a message whose padding needs a
    /// block of its own.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func theDigestOfAKnownMessage(_ message: String, _ digest: String) {
        #expect(ShuffleHash.hexDigest(Array(message.utf8)) == digest)
    }

    @Test func aMillionTimesA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            ShuffleHash.hexDigest(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite struct SeededShuffleTests {
    @Test func aSeededOrderIsAPermutationAndTheSameEveryTime() throws {
        var generator = SeededRandomNumberGenerator(seed: 41)
        for _ in 0..<50 {
            let deckCount = Int.random(in: 1...6, using: &generator)
            let cards = try DeckComposition(deckCount: deckCount, jokersEnabled: Bool.random(using: &generator))
                .allCards
            let seed = String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 36)
            let shuffle = try SeededShuffle(seed: seed)
            let order = shuffle.shuffled(cards)
            #expect(order.map(\.code).sorted() == cards.map(\.code).sorted())
            #expect(try SeededShuffle(seed: seed).shuffled(cards) == order)
        }
    }

    @Test func otherSeedsGiveOtherOrders() throws {
        let cards = try DeckComposition().allCards
        let orders = try (0..<100).map { try SeededShuffle(seed: "seed \($0)").shuffled(cards) }
        #expect(Set(orders.map { $0.map(\.code) }).count == 100)
    }

    /// Every card reaches every position about equally often: 10,400 shuffles of 52 cards put each card at each
    /// position 200 times on average; a biased step (such as `word % bound` without rejection, or a swap partner
    /// drawn from the whole deck) would skew some cells far outside the band.
    @Test func positionsAreUniform() throws {
        let cards = Array(0..<52)
        var counts = [[Int]](repeating: [Int](repeating: 0, count: 52), count: 52)
        for round in 0..<10_400 {
            for (position, card) in try SeededShuffle(seed: "uniform \(round)").shuffled(cards).enumerated() {
                counts[card][position] += 1
            }
        }
        let cells = counts.joined()
        // 200 expected per cell, standard deviation about 14: 7 deviations either way.
        #expect(cells.min()! > 100)
        #expect(cells.max()! < 300)
    }

    @Test func seedsAreOneTo256BytesOfText() throws {
        let error = #expect(throws: DeckError.self) { try SeededShuffle(seed: "") }
        #expect(error?.kind == .invalidSeed)
        #expect(error?.message == "A seed must be 1 to \(SeededShuffle.maximumSeedBytes) bytes of text.")
        #expect(throws: DeckError.self) { try SeededShuffle(seed: String(repeating: "x", count: 257)) }
        #expect(try SeededShuffle(seed: String(repeating: "x", count: 256)).seed.count == 256)
        // Bytes, not characters: 64 four-byte characters are 256 bytes.
        #expect(throws: DeckError.self) { try SeededShuffle(seed: String(repeating: "🂡", count: 65)) }
    }

    @Test func noCardsAndOneCardStayAsTheyAre() throws {
        let shuffle = try SeededShuffle(seed: "x")
        #expect(shuffle.shuffled([Int]()) == [])
        #expect(shuffle.shuffled([7]) == [7])
    }
}

@Suite struct ShuffleCommitmentTests {
    @Test func aCommitmentAcceptsItsSeedCardsAndRoundOnly() throws {
        let cards = try DeckComposition().allCards
        let commitment = ShuffleCommitment(seed: "secret", cards: cards, round: 3)
        #expect(commitment.isMade(bySeed: "secret", cards: cards, round: 3))
        #expect(!commitment.isMade(bySeed: "secreT", cards: cards, round: 3))
        #expect(!commitment.isMade(bySeed: "secret", cards: cards, round: 4))
        #expect(!commitment.isMade(bySeed: "secret", cards: Array(cards.dropLast()), round: 3))
        #expect(!commitment.isMade(bySeed: "secret", cards: try DeckComposition(deckCount: 2).allCards, round: 3))
    }

    @Test func anAnnouncedCommitmentIsReadInAnyCase() throws {
        let commitment = ShuffleCommitment(seed: "s", cards: try DeckComposition().allCards, round: 1)
        #expect(ShuffleCommitment(digest: commitment.digest.uppercased()) == commitment)
        #expect(ShuffleCommitment(digest: String(commitment.digest.dropLast())) == nil)
        #expect(ShuffleCommitment(digest: String(repeating: "g", count: 64)) == nil)
    }
}
