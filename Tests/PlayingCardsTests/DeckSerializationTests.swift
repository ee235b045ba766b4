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
        let bytes = try deck.serialized()
        #expect(bytes.count < 40)
        #expect(try DeckState(serialized: bytes) == deck)
    }

    @Test func serializingIntoABufferAppendsTheSameBytes() throws {
        var shoe = DeckState(composition: try DeckComposition(deckCount: 6), shuffled: true)
        let drawn = try shoe.draw(count: 7)
        try shoe.addToPile(named: "discard", cards: Array(drawn.cards.prefix(2)))
        var buffer: [UInt8] = [42]
        try shoe.serialize(into: &buffer)
        #expect(try buffer == [42] + shoe.serialized())
        let small = DeckState(composition: try DeckComposition(partialContents: CardList.parse("KH")), shuffled: false)
        buffer.removeAll(keepingCapacity: true)
        try small.serialize(into: &buffer)
        #expect(try buffer == small.serialized())
        #expect(try DeckState(serialized: buffer) == small)
    }

    @Test func storedPartialDecksReadBackAsStoredWithTheirJokers() throws {
        // A partial deck stored (format version 1) before partial decks dropped jokers without
        // jokers_enabled: contents AS X1, both in the stack.
        let bytes: [UInt8] = [1, 4, 1, 2, 0, 0, 52, 2, 0, 0, 52, 0, 0, 0, 0]
        let deck = try DeckState(serialized: bytes)
        #expect(deck.stack.map(\.code) == ["AS", "X1"])
        #expect(deck.composition.cardsPerCopy.map(\.code) == ["AS", "X1"])
        #expect(deck.changeNumber == 0)
        // Written back in version 4: the same deck, with its change number after the deck count (it
        // has no piles, whose flags are the other difference, and is no live table).
        #expect(try deck.serialized() == [4, 4, 1] + [UInt8](repeating: 0, count: 8) + bytes.dropFirst(3))
        let empty = DeckState(composition: try DeckComposition(partialContents: []), shuffled: false)
        #expect(try DeckState(serialized: empty.serialized()) == empty)
    }

    @Test func versionOneLiveTablesKeepTheirChangeNumberAndPlayers() throws {
        // Version 1: a partial deck of AS alone, in the stack, no piles, then the live-table
        // section: change number 300 (UInt64 little-endian), one player "al" and a token hash.
        let hash = [UInt8](repeating: 5, count: 32)
        let bytes: [UInt8] =
            [1, 4 | 8, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0] + [44, 1, 0, 0, 0, 0, 0, 0] + [1, 2, 97, 108] + hash
        let deck = try DeckState(serialized: bytes)
        #expect(deck.changeNumber == 300)
        #expect(deck.table?.players.map(\.name) == ["al"])
        #expect(deck.table?.players.first?.tokenHash == hash)
        #expect(try DeckState(serialized: deck.serialized()) == deck)
    }

    @Test func everyDeckKeepsItsChangeNumber() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        #expect(deck.changeNumber == 0)
        _ = try deck.draw(count: 1)
        #expect(deck.countChange() == 1)
        #expect(deck.countChange() == 2)
        let read = try DeckState(serialized: deck.serialized())
        #expect(read.changeNumber == 2)
        #expect(read == deck)
    }

    @Test func valuesPastTheirFieldAreRefusedNeverCutShort() throws {
        let composition = try DeckComposition()
        let card = Card.allCards[0]
        let tooManyCards = DeckState(
            composition: composition, stack: [Card](repeating: card, count: 65_536), piles: [], drawn: [],
            shuffled: false)
        #expect(throws: DeckEncodingError.self) { try tooManyCards.serialized() }
        let tooManyPiles = DeckState(
            composition: composition, stack: [], piles: (0..<65_536).map { Pile(name: "p\($0)") }, drawn: [],
            shuffled: false)
        #expect(throws: DeckEncodingError.self) { try tooManyPiles.serialized() }
        let badName = DeckState(
            composition: composition, stack: [], piles: [Pile(name: String(repeating: "a", count: 300))], drawn: [],
            shuffled: false)
        #expect(throws: DeckEncodingError.self) { try badName.serialized() }
        let players = (0...TableState.maximumPlayers).map {
            TablePlayer(name: "p\($0)", tokenHash: [UInt8](repeating: 1, count: 32))
        }
        let tooManyPlayers = DeckState(
            composition: composition, stack: [], piles: [], drawn: [], shuffled: false,
            table: TableState(players: players))
        #expect(throws: DeckEncodingError.self) { try tooManyPlayers.serialized() }
        let shortHash = DeckState(
            composition: composition, stack: [], piles: [], drawn: [], shuffled: false,
            table: TableState(players: [TablePlayer(name: "al", tokenHash: [1])]))
        #expect(throws: DeckEncodingError.self) { try shortHash.checkEncodable() }
        // A refused deck leaves the buffer as it was.
        var buffer: [UInt8] = [1, 2, 3]
        #expect(throws: DeckEncodingError.self) { try tooManyPiles.serialize(into: &buffer) }
        #expect(buffer == [1, 2, 3])
        // At the limits, the deck reads back whole.
        let atLimit = DeckState(
            composition: composition, stack: composition.allCards,
            piles: (0..<DeckState.maximumPiles).map { Pile(name: "p\($0)") },
            drawn: [], shuffled: false, table: TableState(players: Array(players.dropLast())), changeNumber: .max)
        let read = try DeckState(serialized: atLimit.serialized())
        #expect(read.piles.count == DeckState.maximumPiles)
        #expect(read.table?.players.count == TableState.maximumPlayers)
        #expect(read.changeNumber == .max)
    }

    @Test func rejectsDamagedBytes() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: 5)
        let bytes = try deck.serialized()
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes.dropLast()) }
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes + [0]) }
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: [9] + bytes.dropFirst()) }
        var duplicated = bytes
        duplicated[duplicated.count - 3] = duplicated[duplicated.count - 4]
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: duplicated) }
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: [UInt8]()) }
    }

    @Test func aTablesPeopleRoundTrip() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let hash = [UInt8](repeating: 9, count: 32)
        try deck.join(player: "alice", tokenHash: hash, displayName: "José")
        try deck.join(player: "bob", tokenHash: hash, displayName: "山田 <b>")
        try deck.join(player: "carol", tokenHash: hash)
        try deck.reorderSeats(["carol", "alice", "bob"])
        try deck.setTurn("bob")
        deck.setStrictTurns(true)
        deck.holdPresence(of: "alice", tokenHash: hash, by: 0xFFFF_0000_0000_0001)
        deck.holdPresence(of: "alice", tokenHash: hash, by: 7)
        let read = try DeckState(serialized: try deck.serialized())
        #expect(read == deck)
        #expect(read.table?.players.map(\.presenceHolders) == [[], [7, 0xFFFF_0000_0000_0001], []])
        #expect(read.table?.players.map(\.online) == [false, true, false])
        #expect(read.host == "alice")
        #expect(read.table?.players.map(\.displayName) == ["carol", "José", "山田 <b>"])
        #expect(read.table?.turn == "bob")
        #expect(read.table?.strictTurns == true)
        // A display name longer than its field is refused, never cut short.
        #expect(throws: TableError.self) {
            try deck.rename(player: "bob", to: String(repeating: "é", count: 200))
        }
    }

    @Test func versionTwoTablesReadWithTheFirstPlayerHostingAndNamesShown() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        try deck.join(player: "al", tokenHash: [UInt8](repeating: 1, count: 32))
        var bytes = try deck.serialized()
        // Version 4 less what version 2 lacks: the pile flags byte of "al" (after its name), the
        // display name and holder count (where version 3 had player flags), the host, turn and
        // table flags.
        bytes[0] = 2
        let pileFlags = 11 + (2 + 52) + 2 + 2 + (1 + 2)
        bytes.remove(at: pileFlags)
        bytes.removeLast((1 + 2) + 1 + (1 + 2) + 1 + 1)
        let read = try DeckState(serialized: bytes)
        #expect(read.table?.players.map(\.displayName) == ["al"])
        #expect(read.host == "al")
        #expect(read.table?.turn == nil)
    }

    /// Version 3 kept a player flags byte (bit 0 online) where version 4 lists the servers holding
    /// the player. A version 3 deck was written by a server that has stopped since, whose streams
    /// went with it: its players read as offline.
    @Test func versionThreePlayersReadAsOffline() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let hash = [UInt8](repeating: 1, count: 32)
        try deck.join(player: "al", tokenHash: hash)
        var bytes = try deck.serialized()
        let holderCount = bytes.count - (1 + 2) - (1 + 0) - 1 - 1
        #expect(bytes[holderCount] == 0)
        bytes[0] = 3
        bytes[holderCount] = 1  // online, in version 3
        let read = try DeckState(serialized: bytes)
        #expect(read.table?.players.map(\.online) == [false])
        bytes[holderCount] = 2
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes) }
    }

    @Test func holdersOutOfOrderOrTooManyAreRefused() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let hash = [UInt8](repeating: 1, count: 32)
        try deck.join(player: "al", tokenHash: hash)
        deck.holdPresence(of: "al", tokenHash: hash, by: 1)
        deck.holdPresence(of: "al", tokenHash: hash, by: 2)
        var bytes = try deck.serialized()
        // The holders are the 16 bytes before the host ("al"), turn (none) and table flags.
        let holders = bytes.count - (1 + 2) - 1 - 1 - 16
        #expect(bytes[holders - 1] == 2)
        bytes.swapAt(holders, holders + 8)
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes) }
        bytes.swapAt(holders, holders + 8)
        #expect(try DeckState(serialized: bytes) == deck)
        bytes[holders - 1] = UInt8(TablePlayer.maximumPresenceHolders + 1)
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes) }
    }
}
