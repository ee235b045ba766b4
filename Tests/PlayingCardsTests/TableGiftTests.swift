import PlayingCards
import Testing

/// A giver's latest gift and when it can be taken back (issue 40): kept until the receiver makes a
/// change or the receiver's hand changes, taken back only whole, and stored with the deck.
@Suite struct TableGiftTests {
    private static let hash = [UInt8](repeating: 9, count: 32)

    /// alice, bob and carol seated; alice holds AS 2S 3S, bob 4S; then alice gives bob the 2S.
    private func aliceGaveBobTheTwo() throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        for name in ["alice", "bob", "carol"] { try deck.join(player: name, tokenHash: Self.hash) }
        _ = try deck.deal(toPile: "alice", count: 3, creatingFaceDown: false)
        _ = try deck.deal(toPile: "bob", count: 1, creatingFaceDown: false)
        let before = deck
        try deck.addToPile(
            named: "bob", cards: CardList.parse("2S"), visibleTo: deck.visibility(for: "alice"), from: "alice",
            requiringAll: true)
        deck.noteGifts(
            afterChangeBy: "alice", before: before,
            gift: TableGift(giver: "alice", receiver: "bob", cards: CardList.parse("2S")))
        return deck
    }

    private func codes(_ deck: DeckState, _ pile: String) -> [String] {
        deck.pile(named: pile)?.cards.map(\.code) ?? []
    }

    @Test func theGiverTakesItBackWholeOnce() throws {
        var deck = try aliceGaveBobTheTwo()
        #expect(deck.table?.gifts == [TableGift(giver: "alice", receiver: "bob", cards: CardList.parse("2S"))])
        let carolTookIt = deck.takeBackGift(by: "carol", from: "bob")
        #expect(!carolTookIt, "not carol's gift")
        let bobTookIt = deck.takeBackGift(by: "bob", from: "alice")
        #expect(!bobTookIt, "not bob's")
        let aliceTookIt = deck.takeBackGift(by: "alice", from: "bob")
        #expect(aliceTookIt)
        #expect(codes(deck, "alice") == ["AS", "3S", "2S"])
        #expect(codes(deck, "bob") == ["4S"])
        #expect(deck.table?.gifts == [])
        let aliceTookItAgain = deck.takeBackGift(by: "alice", from: "bob")
        #expect(!aliceTookItAgain, "once")
    }

    @Test func anyChangeByTheReceiverOrToTheReceiversHandForgetsIt() throws {
        // bob makes a change that leaves his hand as it was (here: nothing at all but being the one who asked).
        var moved = try aliceGaveBobTheTwo()
        moved.noteGifts(afterChangeBy: "bob", before: moved)
        #expect(moved.table?.gifts == [])
        let tookAfterBobMoved = moved.takeBackGift(by: "alice", from: "bob")
        #expect(!tookAfterBobMoved)
        // carol's change that does not touch bob's hand keeps it; one that does, forgets it.
        var other = try aliceGaveBobTheTwo()
        other.noteGifts(afterChangeBy: "carol", before: other)
        #expect(other.table?.gifts.count == 1)
        let before = other
        _ = try other.deal(toPile: "bob", count: 1, creatingFaceDown: false)
        other.noteGifts(afterChangeBy: "carol", before: before)
        #expect(other.table?.gifts == [])
    }

    @Test func aGiftIsStoredWithTheDeckAndADeckWithoutOneIsWrittenAsBefore() throws {
        let deck = try aliceGaveBobTheTwo()
        let read = try DeckState(serialized: try deck.serialized())
        #expect(read == deck)
        var taken = deck
        let tookBack = taken.takeBackGift(by: "alice", from: "bob")
        #expect(tookBack)
        let bytes = try taken.serialized()
        #expect(bytes.first == 4, "the same version")
        #expect(try DeckState(serialized: bytes) == taken)
    }
}
