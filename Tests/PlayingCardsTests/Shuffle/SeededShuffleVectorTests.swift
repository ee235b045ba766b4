import PlayingCards
import Testing

/// The published test vectors of `riffle-shuffle-v1` and `riffle-commit-v1` (docs/SEEDED-SHUFFLE.md): computed by
/// `scripts/seeded_shuffle.py`, an implementation of its own with Python's SHA-256. A change of either algorithm
/// changes every seeded order ever published, so these never change.
@Suite struct SeededShuffleVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let seed: String
        let deckCount: Int
        let order: String
        let commitment: String

        var testDescription: String { "seed \(seed), \(deckCount) deck(s)" }
    }

    static let vectors: [Vector] = [
        Vector(
            seed: "riffle", deckCount: 1,
            order:
                "2C 5H 9D 8C 2S JH 3D 0D AS 0S AD QS 6C 2D 9H AH 4C 6D KC 5D 9C QC 7C 2H 3S 4D 4H KS 7H 7D 7S 6S "
                + "QD JD KH 6H 8D JC 8H 4S 0C 3H 3C 5C 5S 0H QH 8S 9S KD AC JS",
            commitment: "3e32790b3f70052031c7b9759877f254aff1ae0344afd5d223955ae46440fc40"),
        Vector(
            seed: "riffle", deckCount: 6,
            order:
                "4S 2S 0H JS 6D 6S 3H 0D 5S 8H 3H 5S 6S 4C KD 2H 3D 4D QH 5C 8H 4S 7C 5H JD 0S 0D JH 9D QS 0S QS "
                + "JD 8D 3D 6C 7H 5S 6D 9C 7C 7C 3D 8C KD KD 8S AS 2C JD 9S 0S 3H 2S 5C 8C 7S 7D 8H 7C JH 2H 8D 0C "
                + "5D 3S 0S KC 0S 3H 5D 5C AH QD 9D 9S 4D AD JC 9S 9H KS AC AH 0D KS 4S 2H 6H 4C 5S AH 4D 7D 2D KD "
                + "KH 8H KH QS 9D 6C QH AS KD 2H AH JS 9H 0H 4H KH 8S 6H QC 3C 3D JD 3S 5H 2S 6S 6D AD AC QH JH 3H "
                + "9D 7S 2S 6C KC JH 0H QD 8C 7C 4H 9H 0H QS 0H 7S 7S 2C AD 4D JH 4C QD 7H 4S 9S 4H QC 2C 3S QH 7H "
                + "AH 7H 5S 5H 4H 0D 6S 6D AS KS 7D 9C 0C 6S KC 6D 3D 9C 8D 7C QC KC 9C 2D QD 9H 8H 7S 8D JC 5D 4H "
                + "4S 4H 6C 8C 9C JC 9S AC JD 6H 9H 6C 8S QC 5H AS 8S 4C 8H 9D 5H AC 2D QC 5D KC JS QH 8C 6H 4C 7H "
                + "2H 8C 3C 2C 7D 2D 3S QS 2H QC 2S 3C 3D AC 9S 5H 3C 6S 4C 0C 9D AS 7D 5C 5D 0C 9C JD 5C 7D 2S AH "
                + "KC 4D 9H 6D KS 0C 0C AC JC 5S 7S 2D 5C 6H KD 2C 6H KH 2C 8S 8D 3C 8D 7H QH 0D 3C JC 2D 4D 0S JC "
                + "JS AD 3S 3H QD AD 3S AS QD KS AD QS 6C 8S JH JS 5D 0H 0D KH KS KH 4S JS",
            commitment: "22f2c24c6cabc7ebae202f9024eda27db7e8bf747a146f1fb0bb2565d49161c9"),
        Vector(
            seed: "2026", deckCount: 1,
            order:
                "AD 5C 3C AS 8D 4H QS AH QC 9C 8C 3S 4D 4C JC 5S 2S KH 8H QH 5H 7H 9S 7S 6H 3H 0S KD KS JD JS 0C "
                + "6D 3D 4S 8S 0H 5D KC 2D 0D JH 6S 2H 2C 7D 9D QD 9H AC 7C 6C",
            commitment: "cae9bce5ebd4c02f35050694fcff7a171bf3fb0ed9caeec232070614f2ca9ce7"),
        Vector(
            seed: "2026", deckCount: 6,
            order:
                "JD KS 3D 5S 8C AD AS 9H 4D KC 7D 3H QS 4D 7H 9D 2H KD JH KS JC 4C 7C 9H 5H 9C JD 0S QC KD 6C KD "
                + "9D 4S 0H AD 4D 8H 9S JH 9D 6C 3H 7D 3S 7H 0H KS QC 4D 5S 8D 6D 0D 2S 8D 6H KC JH 6H 6S 5D 0C 5C "
                + "6D 8S QH 9S QS AS 0C 0D 4S 4H 7S 4D 9C QS JD 2S 4H 9C QC 3D 2C 5S JS 5S 7C KH 6S AH 0H 8D KC 7H "
                + "AS QH 5H 3S 4H JC 4H 9S 6S 8H 3S 6S AC 2H 3C 3S 7D 6C 7S QC 8H 6D 4H 9H 2H 5D 6H 5D AH JH 7S 9H "
                + "8H 7D 2S 7S JH KD KH AH 2S 6H JS 8D 5C 2S AC JS 2C QH JC QS 3S 8C QD JH QD 0C KC AC 7C 4H QS 9H "
                + "KS 4S 0S 3C JS JS 6C AD 0C QD 9D 9D 9D 0D 5C 2C 3C 2C 7H QC JD 3D 4C 4C 6H 2D QC 4C 0C 7H 2H 0D "
                + "5S 8C 2D 4C 0D 8S 7C KH KS 2D 3D 9S 3H QD 6D 5C 7S KC 8S 6D 5S 2D 9H 0H 7H KH 3H 0S 6S AS 3C 8D "
                + "AS 2D 2D AC 6H 8S 3H AD JD 2S 8C AC 5C KD QD 5D AH AH 5H 5H AC 0S 5H 5D 8H 5C KC 0H 8S QD 6C 5D "
                + "8H 0H 7C 8C JC 3S 7D 9C 8C 5H 3H KH 9S QS 0S JS 2C 2H 7C 9S 7S 6S 3C 9C KS 4C 3D QH QH 0S 0D JC "
                + "8D KH 7D JD 0C AH 4D 2C AD 4S KD 6D 9C 3C 4S 2H JC 8S 4S AS AD QH 3D 6C",
            commitment: "783c5e0a50928a4e9edbe532da7566af347c1deba4db20f49950583d2c1fa272"),
        Vector(
            seed: "game night ♠", deckCount: 1,
            order:
                "8H 9H AH 0S 2D 5D 4H 0C 7D 0D KS KD 6H 8D 3H 5C 3S 7S QS 6S 3D JS 2H AC 7H 9D QD 3C 4D JD 9C AD "
                + "4C 9S 5H JC KH 0H 2S 5S 7C QH AS JH 8S 4S 6D QC 6C 8C 2C KC",
            commitment: "c08c012d5f2340026b5c998aa6b29001e675445986c5539b0e311e29848241f6"),
        Vector(
            seed: "game night ♠", deckCount: 6,
            order:
                "0C 2D AS 2C 6H 6D 8D 4C 9S 8D 4H AS 7H 7H JD AH KS AH 2C 2C 6S 3S 9S KH 5H 9D 6S 9C 5D 8D 4D 4H "
                + "9D 6C AH 5H 4H 5H JD 3S 8C 8H QD 5C KD 0C 2D 7D 7D KD 5S 5S 6C 6D 8H 0S 8H AC 5H QH 9H QC 8S 5H "
                + "AC 5D 4D 4D 0H KC 8S 7H 2C 0C 3D 4C 7S 9H 0H 2C 3D AD 9D JC AD 3D 5C 2D KD 5H 2D 7C JC KH 0D 3D "
                + "4S 2S JD KH 4S 5D 6C 6C 8C 9H QC AS 3H JC 0H 4C QC 8S 7C 8C 7S 4D 5S JH 6D 0D KH 4D JC 4H AC JH "
                + "2D 4S 3C 7H 4D 9S 6H 4S 5S AD JD 7D KS 0S QS KD AC KC 0D 3C QD JS 3S JC JC AH KH 7S KC 2S 8H 0C "
                + "QH JS KC QD KS 4S 3H 8S 7S 6D 5C 6D 3C QD 4C KD JH JD 4C 2D 2H 8H 8D QS QS 5S 6S 3H 4C 7C 3H 7D "
                + "6C 9H 3D AS 0D KD JD QH 0H 4S 5D 4H 3C 4H 0H 3C 9H 0S JH 2H 6S QS QH AD 0H 5S 6H KC 5D 5C 9S KS "
                + "7S 0C 9H QH QH 3C 8C 9D 2C AD JS 9S 7H 7D 9C JS QS 6C 6D 8S QC JH 5C 3S QC 3S 2H JH 0S KS AD QC "
                + "AC KS AH 7C 6H 9C 9C 7D 6H 0D 9C 8C 9S 6S AC 7S 8D 7C 2S 2H 8S 7C AS 5D 0D 3S AS 3D 9D 9D 5C 8H "
                + "QD 9C 6H 2S QS JS 2S 6S 2H 0S 2H QD 3H KH 0C 8C JS 7H 8D 2S AH 3H 0S KC",
            commitment: "bd378df4077b03084b00f208281a4bd5fd490b86b614fd8794b291ab46067a09"),
    ]

    @Test(arguments: vectors)
    func theSeededOrderIsThePublishedOne(_ vector: Vector) throws {
        let cards = try DeckComposition(deckCount: vector.deckCount).allCards
        let order = try SeededShuffle(seed: vector.seed).shuffled(cards).map(\.code).joined(separator: " ")
        #expect(order == vector.order)
    }

    @Test(arguments: vectors)
    func theCommitmentIsThePublishedOne(_ vector: Vector) throws {
        let cards = try DeckComposition(deckCount: vector.deckCount).allCards
        #expect(ShuffleCommitment(seed: vector.seed, cards: cards, round: 1).digest == vector.commitment)
    }
}
