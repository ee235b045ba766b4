import DeckStorage
import Foundation
import PlayingCards
import Testing

@testable import TableCore

/// The stored form of a live table's events: what a record holds, its binary format (round trip,
/// bounds, corrupt bytes), the JSON records stored before it, and replaying records into the
/// counts each event shows.
@Suite struct TableEventRecordTests {
    private static let hash = [UInt8](repeating: 7, count: 32)

    /// A live table with `players` seated and a public pile `centre`, from an unshuffled deck.
    private func table(players: [String] = ["alice", "bob"], deckCount: Int = 1) throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(deckCount: deckCount), shuffled: false)
        for player in players {
            try deck.join(player: player, tokenHash: Self.hash)
            try deck.addToPile(named: player, cards: [])
        }
        try deck.deal(toPile: "centre", count: 2)
        return deck
    }

    /// Runs `change` on `deck` and returns the record of it, checking that it survives the binary
    /// form and replays forwards and backwards between the counts before and after.
    @discardableResult
    private func recorded(
        _ kind: String, player: String? = nil, on deck: inout DeckState,
        _ change: (inout DeckState) throws -> Void
    ) throws -> TableEventRecord {
        let before = deck
        try change(&deck)
        let record = TableEventRecord(kind: kind, player: player, before: before, after: deck)
        let decoded = try TableEventRecord(decoding: record.encoded())
        #expect(decoded == record, "\(kind)")
        #expect(try record.snapshot(after: TableSnapshot(before)) == TableSnapshot(deck), "\(kind)")
        #expect(try record.snapshot(before: TableSnapshot(deck)) == TableSnapshot(before), "\(kind)")
        #expect(decoded.moves == deck.moves(since: before), "\(kind)")
        return decoded
    }

    @Test func everyKindOfChangeSurvivesTheBinaryFormAndReplaysBothWays() throws {
        var deck = try table()
        try recorded("deal", player: "alice", on: &deck) { try $0.deal(toPile: "alice", count: 5) }
        try recorded("draw", on: &deck) { _ = try $0.draw(count: 3) }
        let drawn = deck.drawn
        try recorded("pile_add", player: "bob", on: &deck) { try $0.addToPile(named: "bob", cards: drawn) }
        try recorded("pile_add", on: &deck) { try $0.addToPile(named: "discard", cards: []) }
        let hand = try #require(deck.pile(named: "alice")?.cards)
        try recorded("pile_add", player: "alice", on: &deck) {
            try $0.addToPile(named: "centre", cards: Array(hand.prefix(2)))
        }
        try recorded("pile_draw", player: "alice", on: &deck) {
            _ = try $0.drawFromPile(named: "alice", count: 2, from: .bottom)
        }
        try recorded("pile_draw", on: &deck) { _ = try $0.drawFromPile(named: "centre", count: 1, from: .random) }
        try recorded("return", on: &deck) { _ = $0.returnCards(nil) }
        try recorded("pile_return", player: "bob", on: &deck) { _ = try $0.returnPile(named: "bob") }
        try recorded("pile_shuffle", on: &deck) { try $0.shufflePile(named: "centre") }
        try recorded("shuffle", on: &deck) { $0.shuffleRemaining() }
        try recorded("join", player: "carol", on: &deck) { deck in
            try deck.join(player: "carol", tokenHash: Self.hash)
            try deck.addToPile(named: "carol", cards: [])
        }
        try recorded("deal", on: &deck) { try $0.deal(toPile: "carol", count: 2) }
        // The table's people: a rename, new seats and the turn marker travel in the record.
        let rename = try recorded("rename", player: "carol", on: &deck) { try $0.rename(player: "carol", to: "Carö") }
        #expect(rename.seating?.players.map(\.displayName) == ["alice", "bob", "Carö"])
        #expect(rename.turn == nil)
        let seats = try recorded("seats", player: "alice", on: &deck) {
            try $0.reorderSeats(["bob", "carol", "alice"])
        }
        #expect(seats.seating?.players.map(\.name) == ["bob", "carol", "alice"])
        #expect(seats.seating?.host == "alice")
        let turn = try recorded("turn", player: "alice", on: &deck) { deck in
            try deck.setTurn("carol")
            deck.setStrictTurns(true)
        }
        #expect(turn.turn == TableTurnMarker(holder: "carol", strict: true))
        #expect(turn.seating == nil)
        try recorded("seats", player: "alice", on: &deck) { try $0.reorderSeats(["alice", "bob", "carol"]) }
        // Face-down piles: created face down, turned up (showing its cards), turned down again.
        try recorded("deal", player: "alice", on: &deck) {
            try $0.deal(toPile: "stock", count: 3, creatingFaceDown: true)
        }
        let stock = try #require(deck.pile(named: "stock")?.cards)
        let up = TableFaceTurn(pile: "stock", faceDown: false, revealed: stock)
        let before = deck
        try deck.setFace(ofPile: "stock", faceDown: false)
        let flip = TableEventRecord(kind: "pile_face", player: "bob", before: before, after: deck, face: up)
        #expect(try TableEventRecord(decoding: flip.encoded()) == flip)
        #expect(try flip.snapshot(after: TableSnapshot(before)) == TableSnapshot(deck))
        #expect(try flip.snapshot(before: TableSnapshot(deck)) == TableSnapshot(before))
        try recorded("pile_face", player: "bob", on: &deck) { _ = try $0.setFace(ofPile: "stock", faceDown: true) }
        try recorded("pile_return", player: "bob", on: &deck) { _ = try $0.returnPile(named: "stock") }
        // A player leaving removes a pile from the middle: the record keeps the piles whole.
        let leave = try recorded("leave", player: "bob", on: &deck) { _ = try $0.removePlayer(named: "bob") }
        guard case .changed(let left) = leave.counts, case .replaced(_, let remaining) = left.piles else {
            Issue.record("removing a pile keeps the piles whole")
            return
        }
        #expect(remaining.map(\.name) == ["alice", "centre", "discard", "carol", "stock"])
        #expect(left.players == .init(before: ["alice", "bob", "carol"], after: ["alice", "carol"]))
        // A seated table's new round empties every pile and keeps them.
        let round = try recorded("shuffle", player: "alice", on: &deck) { $0.shuffleAll() }
        guard case .changed(let emptied) = round.counts, case .counts(let counts) = emptied.piles else {
            Issue.record("a seated table's new round keeps its piles")
            return
        }
        #expect(counts.allSatisfy { $0.after == 0 && $0.before != nil })
        // A deck without players loses its piles in a full reshuffle.
        var plain = DeckState(composition: try DeckComposition(), shuffled: false)
        try plain.deal(toPile: "centre", count: 3)
        try plain.deal(toPile: "discard", count: 1)
        let reshuffle = try recorded("shuffle", on: &plain) { $0.shuffleAll() }
        guard case .changed(let change) = reshuffle.counts, case .replaced(_, let after) = change.piles else {
            Issue.record("a full reshuffle removes the piles: the record keeps them whole")
            return
        }
        #expect(after.isEmpty)
    }

    @Test(arguments: [1, 2, 3]) func movesKnownFromTheOperationAreTheOnesTheStatesDiffer(deckCount: Int) throws {
        var generator = SeededRandomNumberGenerator(seed: UInt64(4_030 + deckCount))
        var deck = DeckState(
            composition: try DeckComposition(deckCount: deckCount, jokersEnabled: deckCount == 2), shuffled: true,
            using: &generator)
        var checked = 0
        for _ in 0..<1_500 {
            let before = deck
            let pile = ["alice", "centre", "p\(Int.random(in: 0..<4, using: &generator))"].randomElement(
                using: &generator)!
            let count = Int.random(in: 0...4, using: &generator)
            var request: DeckOperation?
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1, 2:
                let source = [DrawSource.top, .bottom, .random].randomElement(using: &generator)!
                _ = try deck.draw(count: count, from: source, using: &generator)
                request = .draw(count: count, source: source)
            case 3, 4:
                guard (try? deck.deal(toPile: pile, count: count)) != nil else { continue }
                request = .deal(pile: pile, count: count)
            // Cards going back and around, so that drawn cards and piles hold earlier copies of what
            // the next draw or deal appends.
            case 5: _ = deck.returnCards(Array(deck.drawn.shuffled(using: &generator).prefix(count)))
            case 6: _ = try? deck.addToPile(named: pile, cards: Array(deck.drawn.prefix(count)))
            default: _ = try? deck.drawFromPile(named: pile, count: 1, from: .random, using: &generator)
            }
            guard let request else { continue }
            let known = DeckCore.knownMoves(of: request, before: before, after: deck)
            #expect(known == deck.moves(since: before), "\(request)")
            checked += 1
            if deck.remaining < 10 { deck.shuffleAll(using: &generator) }
        }
        #expect(checked > 700)
    }

    @Test func everyPairOfPlacesIsAMove() throws {
        let places: [CardLocation] = [.stack, .drawn, .pile("alice"), .pile("centre"), .pile("x")]
        var moves: [CardMove] = []
        for from in places {
            for to in places where to != from {
                moves.append(.init(from: from, to: to, cards: [.standard(.ace, .spades), .joker(.red)]))
            }
        }
        let counts = TableEventRecord.Counts.changed(
            TableCountChange(remainingBefore: 3, remainingAfter: 3, piles: .counts([]), players: nil))
        let record = TableEventRecord(kind: "pile_add", player: "alice", moves: moves, counts: counts)
        #expect(try TableEventRecord(decoding: record.encoded()) == record)
    }

    @Test func aRecordHoldsWhatChangedNotEveryPile() throws {
        var deck = DeckState(composition: try DeckComposition(deckCount: 20), shuffled: true)
        try deck.join(player: "alice", tokenHash: Self.hash)
        for index in 0..<255 { try deck.addToPile(named: "pile-\(index)-with-a-longer-name", cards: []) }
        let draw = try recorded("draw", player: "alice", on: &deck) { _ = try $0.draw(count: 1) }
        // Version, kind, player, one move of one card, two counts, no pile, no players.
        #expect(draw.encoded().count < 32)
        let deal = try recorded("deal", on: &deck) { try $0.deal(toPile: "pile-200-with-a-longer-name", count: 2) }
        #expect(deal.encoded().count < 96)
        guard case .changed(let change) = deal.counts, case .counts(let piles) = change.piles else {
            Issue.record("a deal changes one pile's count")
            return
        }
        #expect(piles == [.init(name: "pile-200-with-a-longer-name", before: 0, after: 2)])
        #expect(change.players == nil)
    }

    @Test func countsOfAnySizeRoundTripAndNoneIsCutShort() throws {
        for value in [0, 1, 127, 128, 255, 16_383, 16_384, 65_535, 65_536, 1 << 32, 1 << 62, Int.max] {
            let record = TableEventRecord(
                kind: "draw", player: nil, moves: [],
                counts: .changed(
                    TableCountChange(
                        remainingBefore: value, remainingAfter: Int.max - value,
                        piles: .counts([.init(name: "p", before: value, after: value / 2)]), players: nil)))
            #expect(try TableEventRecord(decoding: record.encoded()) == record, "\(value)")
        }
        let name = String(repeating: "n", count: PileName.maximumLength)
        let whole = TableEventRecord(
            kind: "join", player: name, moves: [CardMove(from: .stack, to: .pile(name), cards: Card.allCards)],
            counts: .whole(
                TableSnapshot(
                    remaining: 70_000, piles: (0..<300).map { .init(name: "p\($0)", remaining: $0 * 1_000) },
                    players: [name])))
        #expect(try TableEventRecord(decoding: whole.encoded()) == whole)
    }

    @Test func countsPastTheFormatAreErrors() throws {
        let prefix: [UInt8] = [1, 4] + Array("draw".utf8) + [0, 0, 0]
        // Remaining before: ten bytes of varint reach past Int.max.
        let tooLong = prefix + [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01] + [0, 0, 0, 0]
        #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: tooLong) }
        // Int.max itself is nine bytes; one more bit is an error, not a wrapped count.
        let intMax = prefix + [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f] + [0, 0, 0, 0]
        #expect(throws: Never.self) { try TableEventRecord(decoding: intMax) }
        // A count that is not in its shortest form.
        let overlong = prefix + [0x80, 0x00] + [0, 0, 0, 0]
        #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: overlong) }
        // A list longer than the bytes left.
        let longList: [UInt8] = [1, 4] + Array("draw".utf8) + [0, 0xff, 0xff, 0x03]
        #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: longList) }
    }

    @Test func corruptBytesAreErrorsNotTraps() throws {
        var deck = try table()
        let record = try recorded("deal", player: "alice", on: &deck) { try $0.deal(toPile: "alice", count: 5) }
        let bytes = record.encoded()
        for length in 0..<bytes.count {
            #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: Array(bytes.prefix(length))) }
        }
        #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: bytes + [0]) }
        #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: [2] + bytes.dropFirst()) }
        #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: Array("{\"kind\":".utf8)) }
        var generator = SeededRandomNumberGenerator(seed: 33)
        var decodedSome = 0
        for _ in 0..<5_000 {
            var corrupt = bytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                corrupt[Int.random(in: 0..<corrupt.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            // Either an error or a record that is itself well formed: it encodes back to the same bytes.
            if let decoded = try? TableEventRecord(decoding: corrupt) {
                decodedSome += 1
                #expect(decoded.encoded() == corrupt)
            }
        }
        #expect(decodedSome < 5_000)
        for _ in 0..<5_000 {
            let noise = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if let decoded = try? TableEventRecord(decoding: noise) { #expect(decoded.encoded() == noise) }
        }
    }

    /// A record as the service stored it before the binary format (JSONEncoder's output).
    private static let storedJSON = """
        {"kind":"deal","moves":[{"cards":[0,1],"from":{"kind":"s"},"to":{"kind":"p","name":"alice"}}],\
        "piles":[{"name":"alice","remaining":2},{"name":"centre","remaining":0}],"player":"bob",\
        "players":["alice","bob"],"remaining":50}
        """

    @Test func recordsStoredAsJSONAreStillRead() throws {
        let record = try TableEventRecord(decoding: Array(Self.storedJSON.utf8))
        #expect(record.kind == "deal")
        #expect(record.player == "bob")
        #expect(record.moves == [CardMove(from: .stack, to: .pile("alice"), cards: CardList.parse("AS,2S"))])
        let snapshot = TableSnapshot(
            remaining: 50, piles: [.init(name: "alice", remaining: 2), .init(name: "centre", remaining: 0)],
            players: ["alice", "bob"])
        #expect(record.counts == .whole(snapshot))
        #expect(try record.snapshot(after: nil) == snapshot)
        #expect(try record.snapshot(before: snapshot) == nil)
        let badCard = Self.storedJSON.replacingOccurrences(of: "[0,1]", with: "[0,99]")
        #expect(throws: TableEventRecordError.self) { try TableEventRecord(decoding: Array(badCard.utf8)) }
    }

    @Test func replayingForwardsAndBackwardsGivesTheSameCounts() throws {
        var generator = SeededRandomNumberGenerator(seed: 2_033)
        var deck = try table(players: ["alice", "bob", "carol"], deckCount: 2)
        let start = deck
        var events: [StoredDeckEvent] = []
        var snapshots: [TableSnapshot] = []
        for _ in 0..<800 {
            let before = deck
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: _ = try? deck.draw(count: Int.random(in: 0...3, using: &generator))
            case 1:
                let name = ["alice", "bob", "carol", "centre", "p\(Int.random(in: 0..<6, using: &generator))"]
                    .randomElement(using: &generator)!
                _ = try? deck.deal(toPile: name, count: Int.random(in: 0...2, using: &generator))
            case 2: _ = try? deck.addToPile(named: "centre", cards: Array(deck.drawn.prefix(2)))
            case 3: _ = try? deck.drawFromPile(named: deck.piles.randomElement(using: &generator)?.name ?? "none")
            case 4: _ = deck.returnCards(nil)
            case 5: _ = try? deck.returnPile(named: deck.piles.randomElement(using: &generator)?.name ?? "none")
            default: if Int.random(in: 0..<20, using: &generator) == 0 { deck.shuffleAll(using: &generator) }
            }
            guard deck != before else { continue }
            let number = deck.countChange()
            let record = TableEventRecord(kind: "change", player: nil, before: before, after: deck)
            events.append(StoredDeckEvent(deckID: "d", number: number, payload: record.encoded()))
            snapshots.append(TableSnapshot(deck))
        }
        #expect(events.count > 300)
        let forward = TableEventReplay.forward(events, from: TableSnapshot(start), at: 0)
        #expect(forward.complete)
        #expect(forward.steps.map(\.snapshot) == snapshots)
        let backward = TableEventReplay.backward(events, to: deck)
        #expect(backward.map(\.snapshot) == snapshots)
        #expect(backward.map(\.number) == events.map(\.number))

        // A gap stops a forward replay there, and a backward one keeps only what follows it.
        var gapped = events
        gapped.remove(at: 100)
        let stopped = TableEventReplay.forward(gapped, from: TableSnapshot(start), at: 0)
        #expect(!stopped.complete)
        #expect(stopped.steps.count == 100)
        #expect(TableEventReplay.backward(gapped, to: deck).first?.number == events[101].number)
        // So does a record replayed on counts it does not fit.
        let wrongStart = TableEventReplay.forward(events, from: TableSnapshot(deck), at: 0)
        #expect(!wrongStart.complete)
        var elsewhere = start
        while elsewhere.changeNumber < deck.changeNumber { _ = elsewhere.countChange() }
        #expect(TableSnapshot(elsewhere) != TableSnapshot(deck))
        #expect(TableEventReplay.backward(events, to: elsewhere).isEmpty)
    }

    @Test func jsonRecordsBeforeBinaryOnesReplayBackwards() throws {
        var deck = try table(players: ["alice", "bob"])
        try deck.deal(toPile: "alice", count: 2)
        let legacy = try TableEventRecord(decoding: Array(Self.storedJSON.utf8))
        var events = [
            StoredDeckEvent(deckID: "d", number: 1, payload: Array(Self.storedJSON.utf8)),
            StoredDeckEvent(deckID: "d", number: 2, payload: Array(Self.storedJSON.utf8)),
        ]
        _ = deck.countChange()
        _ = deck.countChange()
        let before = deck
        _ = try deck.draw(count: 1)
        let number = deck.countChange()
        events.append(
            StoredDeckEvent(
                deckID: "d", number: number,
                payload: TableEventRecord(kind: "draw", player: nil, before: before, after: deck).encoded()))
        let steps = TableEventReplay.backward(events, to: deck)
        #expect(steps.map(\.number) == [1, 2, 3])
        #expect(steps[0].record == legacy)
        #expect(steps[2].snapshot == TableSnapshot(deck))
    }
}
