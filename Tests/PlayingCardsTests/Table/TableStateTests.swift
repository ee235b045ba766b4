import PlayingCards
import Testing

@Suite struct TableStateTests {
    private let hash = [UInt8](repeating: 7, count: 32)

    @Test func joiningSeatsPlayersAndRefusesBadSeats() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        #expect(!deck.isLiveTable)
        try deck.join(player: "alice", tokenHash: hash)
        #expect(deck.isLiveTable)
        #expect(deck.table?.players.map(\.name) == ["alice"])
        #expect(deck.isPrivatePile("alice"))
        #expect(!deck.isPrivatePile("centre"))
        #expect(deck.canSeePile("alice", viewer: "alice"))
        #expect(!deck.canSeePile("alice", viewer: "bob"))
        #expect(!deck.canSeePile("alice", viewer: nil))
        #expect(joinError(&deck, "alice", hash) == .playerExists)
        #expect(joinError(&deck, "a b", hash) == .invalidPlayerName)
        #expect(joinError(&deck, "bob", [1]) == .invalidTokenHash)
        for seat in 1..<TableState.maximumPlayers { try deck.join(player: "p\(seat)", tokenHash: hash) }
        #expect(joinError(&deck, "late", hash) == .tableFull)
        #expect(deck.table?.players.count == TableState.maximumPlayers)
    }

    private func joinError(_ deck: inout DeckState, _ name: String, _ hash: [UInt8]) -> TableError.Kind? {
        do {
            try deck.join(player: name, tokenHash: hash)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func tokensAreFoundByTheirHashOnly() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        try deck.join(player: "alice", tokenHash: hash)
        try deck.join(player: "bob", tokenHash: [UInt8](repeating: 9, count: 32))
        #expect(deck.table?.player(withTokenHash: hash)?.name == "alice")
        #expect(deck.table?.player(withTokenHash: [UInt8](repeating: 9, count: 32))?.name == "bob")
        #expect(deck.table?.player(withTokenHash: [UInt8](repeating: 8, count: 32)) == nil)
        #expect(deck.table?.player(withTokenHash: Array(hash.prefix(31))) == nil)
    }

    @Test func tablesSurviveSerialization() throws {
        var deck = DeckState(composition: try DeckComposition(deckCount: 2), shuffled: true)
        let plainBytes = try deck.serialized()
        #expect(try DeckState(serialized: plainBytes) == deck)
        #expect(plainBytes[1] & 8 == 0)
        try deck.join(player: "alice", tokenHash: hash)
        try deck.deal(toPile: "alice", count: 5)
        _ = deck.countChange()
        _ = deck.countChange()
        let bytes = try deck.serialized()
        let read = try DeckState(serialized: bytes)
        #expect(read == deck)
        #expect(read.changeNumber == 2)
        #expect(read.table?.players.first?.tokenHash == hash)
        #expect(throws: DeckDecodingError.self) { try DeckState(serialized: bytes.dropLast()) }
    }

    @Test func dealingMovesTheTopOfTheStackOrNothing() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let dealt = try deck.deal(toPile: "north", count: 3)
        #expect(dealt.map(\.code) == ["AS", "2S", "3S"])
        #expect(deck.pile(named: "north")?.cards.map(\.code) == ["AS", "2S", "3S"])
        #expect(deck.drawn.isEmpty)
        #expect(deck.remaining == 49)
        let before = deck
        #expect(throws: DeckError.self) { try deck.deal(toPile: "north", count: 50) }
        #expect(throws: DeckError.self) { try deck.deal(toPile: "north", count: -1) }
        #expect(throws: DeckError.self) { try deck.deal(toPile: "no way", count: 1) }
        #expect(deck == before)
        #expect(try deck.deal(toPile: "east", count: 0).isEmpty)
        #expect(deck.pile(named: "east")?.cards == [])
    }

    @Test func addingTakesOnlyFromPilesTheCallerMaySee() throws {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        try deck.join(player: "alice", tokenHash: hash)
        try deck.deal(toPile: "alice", count: 2)
        _ = try deck.draw(count: 1)
        let added = try deck.addToPile(
            named: "centre", cards: CardList.parse("AS,3S"), visibleTo: deck.visibility(for: "bob"))
        #expect(added.map(\.code) == ["3S"])
        #expect(deck.pile(named: "alice")?.cards.map(\.code) == ["AS", "2S"])
    }
}

@Suite struct TableSeatsTests {
    private let hash = [UInt8](repeating: 7, count: 32)

    private func table(_ names: [String]) throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        for name in names { try deck.join(player: name, tokenHash: hash) }
        return deck
    }

    @Test func seatsReorderOnlyByPermutationAndTheHostStays() throws {
        var deck = try table(["a", "b", "c"])
        for bad in [["a", "b"], ["a", "b", "b"], ["a", "b", "d"], ["a", "b", "c", "a"]] {
            #expect(throws: TableError.self) { try deck.reorderSeats(bad) }
        }
        try deck.reorderSeats(["c", "a", "b"])
        #expect(deck.table?.players.map(\.name) == ["c", "a", "b"])
        #expect(deck.host == "a")
        #expect(deck.nextSeat(after: "b") == "c")
    }

    @Test func theHostAndTheTurnPassToTheNextSeatWhenTheirHolderLeaves() throws {
        var deck = try table(["a", "b", "c"])
        try deck.reorderSeats(["b", "c", "a"])
        try deck.setTurn("a")
        try deck.removePlayer(named: "a")
        // "a" sat last: the next seat wraps around to "b".
        #expect(deck.host == "b")
        #expect(deck.table?.turn == "b")
        try deck.removePlayer(named: "c")
        try deck.removePlayer(named: "b")
        #expect(deck.host == nil)
        #expect(deck.table?.turn == nil)
    }

    @Test func strictTurnsBlockEveryoneButTheHolder() throws {
        var deck = try table(["a", "b"])
        try deck.rename(player: "b", to: "Bé")
        #expect(deck.turnHolder(blocking: "a") == nil)
        try deck.setTurn("b")
        #expect(deck.turnHolder(blocking: "a") == nil)
        deck.setStrictTurns(true)
        #expect(deck.turnHolder(blocking: "a")?.displayName == "Bé")
        #expect(deck.turnHolder(blocking: "b") == nil)
        #expect(throws: TableError.self) { try deck.setTurn("z") }
    }
}
