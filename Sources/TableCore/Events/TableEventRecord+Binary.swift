import PlayingCards

/// The compact binary form of a ``TableEventRecord``, as stored in an event's payload.
///
/// Layout (version 1, and version 2 with its table section). Every count and length is an
/// unsigned LEB128 varint, so no value is ever cut short to fit its field; names are a length and
/// ASCII bytes, texts a length and UTF-8.
///
/// ```
/// version                      1
/// kind                         length, bytes ([a-z_], 1…32)
/// player                       length (0: none), bytes
/// moves                        count, then each: from, to (places), card count, one ordinal per card
/// counts                       0: changed, 1: whole
///   changed                    remaining before, remaining after,
///                              piles: 0 counts (count, then each: name, 0 new | 1 before + count,
///                                     count after) | 1 replaced (piles before, piles after),
///                              players: 0 unchanged | 1 changed (names before, names after)
///   whole                      remaining, piles, names of the players
/// table (version 2 only)       flags: bit 0 seating, bit 1 turn marker, bit 2 face-down piles,
///                              bit 3 face turn; then each present part in that order:
///   seating                    count, then each: name, display name (text), online (0|1); host (text, empty: none)
///   turn marker                holder (text, empty: none), flags (bit 0 strict, bit 1 locked)
///   face-down piles            names before, names after (with `changed` counts only)
///   face turn                  pile name, face down (0|1), card count, one ordinal per card shown
///   round (bit 4)              number, commitment (text), flags (bit 0 over, bit 1 reveals, bit 2 starting
///                              cards follow, bit 3 a reveal follows, bit 4 entropy follows); entropy (count,
///                              then each: player, text); starting cards (count, ordinals);
///                              reveal: number, commitment, seed (texts), steps (count, then each: 0 top |
///                              1 bottom | 2 under, count, ordinals | 3 reshuffled)
/// place                        0 stack, 1 drawn, 2 pile + name
/// piles                        count, then each: name, count
/// ```
///
/// A record whose change left the table's people as they were is written as version 1, as before.
///
/// A record written as JSON (before this format) starts with `{`, which no version byte is.
/// Decoding checks everything (version, bounds, names, card ordinals, no trailing bytes) and
/// throws ``TableEventRecordError`` on bytes it cannot read, never traps.
extension TableEventRecord {
    /// The format version ``encoded()`` writes for a record without a table section.
    package static let binaryVersion: UInt8 = 1
    /// The format version of a record with a table section (seating or turn marker).
    package static let tableBinaryVersion: UInt8 = 2
    /// The longest event kind a record holds.
    package static let maximumKindLength = 32

    /// The record as stored bytes.
    ///
    /// - Complexity: O(*m* + *c*) for *m* moved cards and *c* changed counts.
    package func encoded() -> [UInt8] {
        var writer = RecordWriter()
        writer.bytes.reserveCapacity(48 + moves.reduce(0) { $0 + $1.cards.count + 4 })
        var faceDownPiles: TableCountChange.Players?
        if case .changed(let change) = counts { faceDownPiles = change.faceDown }
        let hasTable = seating != nil || turn != nil || faceDownPiles != nil || face != nil || round != nil
        writer.byte(hasTable ? Self.tableBinaryVersion : Self.binaryVersion)
        writer.name(kind)
        writer.name(player ?? "")
        writer.count(moves.count)
        for move in moves {
            writer.place(move.from)
            writer.place(move.to)
            writer.count(move.cards.count)
            for card in move.cards { writer.byte(card.ordinal) }
        }
        switch counts {
        case .changed(let change):
            writer.byte(0)
            writer.count(change.remainingBefore)
            writer.count(change.remainingAfter)
            switch change.piles {
            case .counts(let piles):
                writer.byte(0)
                writer.count(piles.count)
                for pile in piles {
                    writer.name(pile.name)
                    if let before = pile.before {
                        writer.byte(1)
                        writer.count(before)
                    } else {
                        writer.byte(0)
                    }
                    writer.count(pile.after)
                }
            case .replaced(let before, let after):
                writer.byte(1)
                writer.piles(before)
                writer.piles(after)
            }
            if let players = change.players {
                writer.byte(1)
                writer.names(players.before)
                writer.names(players.after)
            } else {
                writer.byte(0)
            }
        case .whole(let snapshot):
            writer.byte(1)
            writer.count(snapshot.remaining)
            writer.piles(snapshot.piles)
            writer.names(snapshot.players)
        }
        if hasTable {
            writer.byte(
                (seating != nil ? 1 : 0) | (turn != nil ? 2 : 0) | (faceDownPiles != nil ? 4 : 0)
                    | (face != nil ? 8 : 0) | (round != nil ? 16 : 0))
            if let seating {
                writer.count(seating.players.count)
                for seat in seating.players {
                    writer.name(seat.name)
                    writer.name(seat.displayName)
                    writer.byte(seat.online ? 1 : 0)
                }
                writer.name(seating.host ?? "")
            }
            if let turn {
                writer.name(turn.holder ?? "")
                writer.byte((turn.strict ? 1 : 0) | (turn.locked ? 2 : 0))
            }
            if let faceDownPiles {
                writer.names(faceDownPiles.before)
                writer.names(faceDownPiles.after)
            }
            if let face {
                writer.name(face.pile)
                writer.byte(face.faceDown ? 1 : 0)
                writer.count(face.revealed.count)
                for card in face.revealed { writer.byte(card.ordinal) }
            }
            if let round { writer.round(round) }
        }
        return writer.bytes
    }

    /// Reads stored bytes back: the compact form, or the JSON of records stored before it.
    ///
    /// - Parameter payload: an event's payload.
    /// - Throws: ``TableEventRecordError`` when the bytes are not a record this version can read.
    package init(decoding payload: [UInt8]) throws(TableEventRecordError) {
        guard let first = payload.first else { throw TableEventRecordError("empty record") }
        if first == UInt8(ascii: "{") {
            self = try Self(json: payload)
            return
        }
        guard first == Self.binaryVersion || first == Self.tableBinaryVersion else {
            throw TableEventRecordError("unknown record version")
        }
        var reader = RecordReader(payload)
        _ = try reader.byte()
        let kind = try reader.text()
        guard !kind.isEmpty, kind.utf8.count <= Self.maximumKindLength,
            kind.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
        else { throw TableEventRecordError("invalid event kind") }
        let player = try reader.text()
        guard player.isEmpty || PileName.isValid(player) else { throw TableEventRecordError("invalid player name") }
        var moves: [CardMove] = []
        for _ in 0..<(try reader.listCount()) {
            let from = try reader.place()
            let to = try reader.place()
            var cards: [Card] = []
            for _ in 0..<(try reader.listCount()) {
                guard let card = Card(ordinal: try reader.byte()) else { throw TableEventRecordError("unknown card") }
                cards.append(card)
            }
            moves.append(CardMove(from: from, to: to, cards: cards))
        }
        var counts: Counts
        switch try reader.byte() {
        case 0:
            let remainingBefore = try reader.count()
            let remainingAfter = try reader.count()
            let piles: TableCountChange.Piles
            switch try reader.byte() {
            case 0:
                var changed: [TableCountChange.PileCount] = []
                for _ in 0..<(try reader.listCount()) {
                    let name = try reader.name()
                    let before: Int? =
                        switch try reader.byte() {
                        case 0: nil
                        case 1: try reader.count()
                        default: throw TableEventRecordError("invalid pile entry")
                        }
                    changed.append(TableCountChange.PileCount(name: name, before: before, after: try reader.count()))
                }
                piles = .counts(changed)
            case 1:
                piles = .replaced(before: try reader.piles(), after: try reader.piles())
            default:
                throw TableEventRecordError("invalid piles section")
            }
            let players: TableCountChange.Players?
            switch try reader.byte() {
            case 0: players = nil
            case 1: players = TableCountChange.Players(before: try reader.names(), after: try reader.names())
            default: throw TableEventRecordError("invalid players section")
            }
            counts = .changed(
                TableCountChange(
                    remainingBefore: remainingBefore, remainingAfter: remainingAfter, piles: piles, players: players))
        case 1:
            counts = .whole(
                TableSnapshot(remaining: try reader.count(), piles: try reader.piles(), players: try reader.names()))
        default:
            throw TableEventRecordError("invalid counts section")
        }
        var seating: TableSeating?
        var turn: TableTurnMarker?
        var face: TableFaceTurn?
        var round: TableRoundNote?
        if first == Self.tableBinaryVersion {
            let flags = try reader.byte()
            guard flags != 0, flags <= 31 else { throw TableEventRecordError("invalid table section") }
            if flags & 1 != 0 {
                var seats: [TableSeating.Seat] = []
                for _ in 0..<(try reader.listCount()) {
                    let name = try reader.name()
                    let displayName = try reader.text()
                    seats.append(TableSeating.Seat(name: name, displayName: displayName, online: try reader.flag()))
                }
                let host = try reader.text()
                guard host.isEmpty || seats.contains(where: { $0.name == host }) else {
                    throw TableEventRecordError("a host who is not seated")
                }
                seating = TableSeating(players: seats, host: host.isEmpty ? nil : host)
            }
            if flags & 2 != 0 {
                let holder = try reader.text()
                guard holder.isEmpty || PileName.isValid(holder) else { throw TableEventRecordError("invalid turn") }
                let markerFlags = try reader.byte()
                guard markerFlags <= 3 else { throw TableEventRecordError("invalid turn flags") }
                turn = TableTurnMarker(
                    holder: holder.isEmpty ? nil : holder, strict: markerFlags & 1 != 0, locked: markerFlags & 2 != 0)
            }
            if flags & 4 != 0 {
                guard case .changed(let change) = counts else { throw TableEventRecordError("face-down piles") }
                let faceDown = TableCountChange.Players(before: try reader.names(), after: try reader.names())
                counts = .changed(
                    TableCountChange(
                        remainingBefore: change.remainingBefore, remainingAfter: change.remainingAfter,
                        piles: change.piles, players: change.players, faceDown: faceDown))
            }
            if flags & 8 != 0 {
                let pile = try reader.name()
                let faceDown = try reader.flag()
                var revealed: [Card] = []
                for _ in 0..<(try reader.listCount()) {
                    guard let card = Card(ordinal: try reader.byte()) else {
                        throw TableEventRecordError("unknown card")
                    }
                    revealed.append(card)
                }
                face = TableFaceTurn(pile: pile, faceDown: faceDown, revealed: revealed)
            }
            if flags & 16 != 0 { round = try reader.round() }
        }
        guard reader.isAtEnd else { throw TableEventRecordError("trailing bytes") }
        self.init(
            kind: kind, player: player.isEmpty ? nil : player, moves: moves, counts: counts, seating: seating,
            turn: turn, face: face, round: round)
    }
}

/// Appends the parts of the binary record format.
private struct RecordWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// A non-negative count as an unsigned LEB128 varint: seven bits a byte, low bits first.
    mutating func count(_ value: Int) {
        // Counts are sizes of arrays, never negative; a negative one would be written as a value
        // past Int.max, which the reader refuses, rather than as a wrong count.
        var rest = UInt64(UInt(bitPattern: value))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func name(_ text: String) {
        count(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func names(_ list: [String]) {
        count(list.count)
        for text in list { name(text) }
    }

    mutating func piles(_ list: [TableSnapshot.PileCount]) {
        count(list.count)
        for pile in list {
            name(pile.name)
            count(pile.remaining)
        }
    }

    mutating func cards(_ list: [Card]) {
        count(list.count)
        for card in list { byte(card.ordinal) }
    }

    mutating func round(_ note: TableRoundNote) {
        count(note.round.number)
        name(note.round.commitment.digest)
        byte(
            (note.round.isOver ? 1 : 0) | (note.round.reveals ? 2 : 0) | (note.startingCards != nil ? 4 : 0)
                | (note.revealed != nil ? 8 : 0) | (note.round.entropy.isEmpty ? 0 : 16))
        if !note.round.entropy.isEmpty {
            count(note.round.entropy.count)
            for contribution in note.round.entropy {
                name(contribution.player)
                name(contribution.text)
            }
        }
        if let cards = note.startingCards { self.cards(cards) }
        if let revealed = note.revealed {
            count(revealed.number)
            name(revealed.commitment.digest)
            name(revealed.seed)
            count(revealed.steps.count)
            for step in revealed.steps {
                switch step {
                case .fromTop(let cards):
                    byte(0)
                    self.cards(cards)
                case .fromBottom(let cards):
                    byte(1)
                    self.cards(cards)
                case .returnedToBottom(let cards):
                    byte(2)
                    self.cards(cards)
                case .stackReshuffled:
                    byte(3)
                }
            }
        }
    }

    mutating func place(_ location: CardLocation) {
        switch location {
        case .stack: byte(0)
        case .drawn: byte(1)
        case .pile(let pile):
            byte(2)
            name(pile)
        }
    }
}

/// Reads the binary record format, failing on anything out of bounds.
private struct RecordReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(TableEventRecordError) -> UInt8 {
        guard offset < bytes.count else { throw TableEventRecordError("truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A varint of at most 63 bits (a non-negative `Int`), in its shortest form.
    mutating func count() throws(TableEventRecordError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            // Nine bytes carry 63 bits: a tenth would reach past Int.max.
            guard shift <= 56 else { throw TableEventRecordError("count out of range") }
            value |= UInt64(next & 0x7f) << shift
            if next & 0x80 == 0 {
                guard next != 0 || shift == 0 else { throw TableEventRecordError("count not in its shortest form") }
                return Int(value)
            }
            shift += 7
        }
    }

    /// The length of a list whose every item takes at least one byte: never more than the bytes
    /// left, so a corrupt length cannot make the reader allocate or loop past the record.
    mutating func listCount() throws(TableEventRecordError) -> Int {
        let count = try count()
        guard count <= bytes.count - offset else { throw TableEventRecordError("truncated") }
        return count
    }

    mutating func text() throws(TableEventRecordError) -> String {
        let length = try listCount()
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    mutating func flag() throws(TableEventRecordError) -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw TableEventRecordError("invalid flag")
        }
    }

    mutating func name() throws(TableEventRecordError) -> String {
        let name = try text()
        guard PileName.isValid(name) else { throw TableEventRecordError("invalid pile name") }
        return name
    }

    mutating func names() throws(TableEventRecordError) -> [String] {
        var names: [String] = []
        for _ in 0..<(try listCount()) { names.append(try name()) }
        return names
    }

    mutating func piles() throws(TableEventRecordError) -> [TableSnapshot.PileCount] {
        var piles: [TableSnapshot.PileCount] = []
        for _ in 0..<(try listCount()) {
            let name = try name()
            piles.append(TableSnapshot.PileCount(name: name, remaining: try count()))
        }
        return piles
    }

    mutating func cards() throws(TableEventRecordError) -> [Card] {
        var cards: [Card] = []
        for _ in 0..<(try listCount()) {
            guard let card = Card(ordinal: try byte()) else { throw TableEventRecordError("unknown card") }
            cards.append(card)
        }
        return cards
    }

    mutating func commitment() throws(TableEventRecordError) -> ShuffleCommitment {
        guard let commitment = ShuffleCommitment(digest: try text()) else {
            throw TableEventRecordError("invalid commitment")
        }
        return commitment
    }

    mutating func round() throws(TableEventRecordError) -> TableRoundNote {
        let number = try count()
        let commitment = try self.commitment()
        let flags = try byte()
        guard flags <= 31 else { throw TableEventRecordError("invalid round flags") }
        var entropy: [RoundEntropy] = []
        if flags & 16 != 0 {
            for _ in 0..<(try listCount()) {
                let player = try name()
                entropy.append(RoundEntropy(player: player, text: try text()))
            }
        }
        let round = TableRoundNote.Round(
            number: number, commitment: commitment, isOver: flags & 1 != 0, reveals: flags & 2 != 0,
            entropy: entropy)
        let startingCards = flags & 4 != 0 ? try cards() : nil
        var revealed: TableRoundNote.Reveal?
        if flags & 8 != 0 {
            let number = try count()
            let commitment = try self.commitment()
            let seed = try text()
            var steps: [RoundAudit.Step] = []
            for _ in 0..<(try listCount()) {
                switch try byte() {
                case 0: steps.append(.fromTop(try cards()))
                case 1: steps.append(.fromBottom(try cards()))
                case 2: steps.append(.returnedToBottom(try cards()))
                case 3: steps.append(.stackReshuffled)
                default: throw TableEventRecordError("invalid round step")
                }
            }
            revealed = TableRoundNote.Reveal(number: number, commitment: commitment, seed: seed, steps: steps)
        }
        return TableRoundNote(round: round, startingCards: startingCards, revealed: revealed)
    }

    mutating func place() throws(TableEventRecordError) -> CardLocation {
        switch try byte() {
        case 0: .stack
        case 1: .drawn
        case 2: .pile(try name())
        default: throw TableEventRecordError("invalid place")
        }
    }
}
