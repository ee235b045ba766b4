import PlayingCards
import Testing

@Suite struct DeckSerializationTests {
    @Test func roundTripsEveryPart() throws {
        var deck = DeckState(
            composition: try DeckComposition(
                deckCount: 2, jokersEnabled: true, partialContents: CardList.parse("AS,X1")),
            shuffled: false)
        _ = try deck.draw(count: 3)
        try deck.addToPile(named: "Player_1", cards: CardList.parse("AS"))
        let bytes = deck.serialized()
        #expect(bytes.count < 40)
        #expect(try DeckState(serialized: bytes) == deck)
    }

    @Test func serializingIntoABufferAppendsTheSameBytes() throws {
        var shoe = DeckState(composition: try DeckComposition(deckCount: 6), shuffled: true)
        let drawn = try shoe.draw(count: 7)
        try shoe.addToPile(named: "discard", cards: Array(drawn.cards.prefix(2)))
        var buffer: [UInt8] = [42]
        shoe.serialize(into: &buffer)
        #expect(buffer == [42] + shoe.serialized())
        let small = DeckState(composition: try DeckComposition(partialContents: CardList.parse("KH")), shuffled: false)
        buffer.removeAll(keepingCapacity: true)
        small.serialize(into: &buffer)
        #expect(buffer == small.serialized())
        #expect(try DeckState(serialized: buffer) == small)
    }

    @Test func storedPartialDecksReadBackAsStoredWithTheirJokers() throws {
        // A partial deck stored before partial decks dropped jokers without jokers_enabled:
        // contents AS X1, both in the stack.
        let bytes: [UInt8] = [1, 4, 1, 2, 0, 0, 52, 2, 0, 0, 52, 0, 0, 0, 0]
        let deck = try DeckState(serialized: bytes)
        #expect(deck.stack.map(\.code) == ["AS", "X1"])
        #expect(deck.composition.cardsPerCopy.map(\.code) == ["AS", "X1"])
        #expect(deck.serialized() == bytes)
        let empty = DeckState(composition: try DeckComposition(partialContents: []), shuffled: false)
        #expect(try DeckState(serialized: empty.serialized()) == empty)
    }

    @Test func rejectsDamagedBytes() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 5)
        let bytes = deck.serialized()
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes.dropLast()) }
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes + [0]) }
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: [9] + bytes.dropFirst()) }
        var duplicated = bytes
        duplicated[duplicated.count - 3] = duplicated[duplicated.count - 4]
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: duplicated) }
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: [UInt8]()) }
    }
}
