/// A compact binary form of a deck, one byte per card, for storage.
///
/// Layout (version 4): `version, flags, deckCount`, the change number (`UInt64` little-endian),
/// then the partial contents, stack and drawn cards as `UInt16` little-endian counts followed by
/// card ordinals, then the pile count (`UInt16`) and each pile as a name length (`UInt8`), the
/// ASCII name, a pile flags byte (bit 0 face down) and its cards like the lists above. Flags: bit
/// 0 shuffled, bit 1 jokers enabled, bit 2 partial contents present, bit 3 live table. A live
/// table's section follows the piles: its player count (`UInt8`) and each player as a name like a
/// pile's, a 32-byte token hash, the display name (a `UInt8` length and UTF-8), the number of
/// servers holding the player's streams (`UInt8`) and each server's number (`UInt64`
/// little-endian); then the host's name and the turn holder's name (length 0: none) and a table
/// flags byte (bit 0 strict turns, bit 1 locked, bit 2 gifts follow). With bit 2, the gifts that
/// may be taken back follow: their count (`UInt8`) and each as the giver's and the receiver's
/// names and the cards. A deck without such gifts is written exactly as before they existed. Bit 3
/// says the table's latest round follows (``TableRound``: see `append(_:to:)` for its layout), bit
/// 4 that the table does not reveal its rounds; a table without rounds is written as before.
///
/// Versions 1 to 3 are read too. Version 3 has a player flags byte where version 4 lists the
/// servers holding the player; its online bit is not read back, since it was written by a server
/// that has stopped since (its streams went with it): its players read as offline. Version 2 has
/// no pile flags, display names (the name is shown), player flags, host (the first player hosts),
/// turn or table flags. Version 1, written before
/// every deck had a change number, is version 2 without the change number after `deckCount`; its
/// live table's section starts with the change number (a plain deck's is 0).
///
/// Writing never cuts a value short: every count is checked against its field, and a deck that
/// does not fit the format is refused with a ``DeckEncodingError`` (so the one change that made it
/// fails), never written as bytes that read back as another deck.
extension DeckState {
    /// The storage format version written by ``serialized()``.
    public static let serializationVersion: UInt8 = 4

    /// The deck in its compact binary form.
    ///
    /// - Returns: bytes that ``init(serialized:)`` reads back to an equal deck.
    /// - Throws: ``DeckEncodingError`` when a count or name does not fit its field.
    /// - Complexity: O(*n*) in the number of cards.
    public func serialized() throws(DeckEncodingError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + composition.deckCount * 54 + piles.count * 16)
        try serialize(into: &bytes)
        return bytes
    }

    /// Appends the deck's compact binary form, as ``serialized()`` returns it, to `bytes`.
    ///
    /// For writers that store many decks: clearing one buffer (keeping its capacity) and
    /// serializing into it allocates nothing once the buffer has grown to the largest deck.
    ///
    /// - Parameter bytes: the buffer to append to; left as it was when this throws.
    /// - Throws: ``DeckEncodingError`` when a count or name does not fit its field.
    /// - Complexity: O(*n*) in the number of cards.
    public func serialize(into bytes: inout [UInt8]) throws(DeckEncodingError) {
        let start = bytes.count
        do {
            try write(into: &bytes)
        } catch {
            bytes.removeSubrange(start...)
            throw error
        }
    }

    /// Whether the deck fits the storage format, checked without writing it.
    ///
    /// - Throws: ``DeckEncodingError`` naming the first value that does not fit.
    public func checkEncodable() throws(DeckEncodingError) {
        try Self.checkField(composition.deckCount, max: Int(UInt8.max), "deck count")
        guard changeNumber >= 0 else { throw DeckEncodingError("negative change number") }
        if let contents = composition.partialContents { try Self.checkField(contents.count, max: 0xFFFF, "card count") }
        try Self.checkField(stack.count, max: 0xFFFF, "card count")
        try Self.checkField(drawn.count, max: 0xFFFF, "card count")
        try Self.checkField(piles.count, max: 0xFFFF, "pile count")
        for pile in piles {
            try Self.checkName(pile.name)
            try Self.checkField(pile.cards.count, max: 0xFFFF, "card count")
        }
        if let table {
            try Self.checkField(table.players.count, max: TableState.maximumPlayers, "player count")
            for player in table.players {
                try Self.checkName(player.name)
                guard player.tokenHash.count == TableState.tokenHashLength else {
                    throw DeckEncodingError("token hash length")
                }
                try Self.checkField(
                    player.displayName.utf8.count, max: TablePlayer.maximumDisplayNameBytes, "display name length")
            }
            if let host = table.hostName { try Self.checkName(host) }
            if let turn = table.turn { try Self.checkName(turn) }
            try Self.checkField(table.gifts.count, max: TableState.maximumPlayers, "gift count")
            for gift in table.gifts {
                try Self.checkName(gift.giver)
                try Self.checkName(gift.receiver)
                try Self.checkField(gift.cards.count, max: 0xFFFF, "card count")
            }
            if let round = table.round {
                try Self.checkField(round.seed.utf8.count, max: 255, "round seed length")
                try Self.checkField(round.steps.count, max: 0xFFFF, "round step count")
                for step in round.steps { try Self.checkField(step.cardCount, max: 0xFFFF, "card count") }
                try Self.checkField(round.entropy.count, max: TableState.maximumPlayers, "entropy count")
                for contribution in round.entropy {
                    try Self.checkName(contribution.player)
                    try Self.checkField(contribution.text.utf8.count, max: 255, "entropy length")
                }
            }
        }
    }

    private func write(into bytes: inout [UInt8]) throws(DeckEncodingError) {
        try checkEncodable()
        var flags: UInt8 = shuffled ? 1 : 0
        if composition.jokersEnabled { flags |= 2 }
        if composition.partialContents != nil { flags |= 4 }
        if table != nil { flags |= 8 }
        bytes.append(Self.serializationVersion)
        bytes.append(flags)
        bytes.append(UInt8(composition.deckCount))
        Self.append(UInt64(changeNumber), to: &bytes)
        if let contents = composition.partialContents { Self.append(contents, to: &bytes) }
        Self.append(stack, to: &bytes)
        Self.append(drawn, to: &bytes)
        Self.appendCount(piles.count, to: &bytes)
        for pile in piles {
            bytes.append(UInt8(pile.name.utf8.count))
            bytes.append(contentsOf: pile.name.utf8)
            bytes.append(pile.isFaceDown ? 1 : 0)
            Self.append(pile.cards, to: &bytes)
        }
        if let table {
            bytes.append(UInt8(table.players.count))
            for player in table.players {
                Self.appendText(player.name, to: &bytes)
                bytes.append(contentsOf: player.tokenHash)
                Self.appendText(player.displayName, to: &bytes)
                bytes.append(UInt8(player.presenceHolders.count))
                for server in player.presenceHolders { Self.append(server, to: &bytes) }
            }
            Self.appendText(table.hostName ?? "", to: &bytes)
            Self.appendText(table.turn ?? "", to: &bytes)
            bytes.append(
                (table.strictTurns ? 1 : 0) | (table.locked ? 2 : 0) | (table.gifts.isEmpty ? 0 : 4)
                    | (table.round == nil ? 0 : 8) | (table.revealsRounds ? 0 : 16))
            if !table.gifts.isEmpty {
                bytes.append(UInt8(table.gifts.count))
                for gift in table.gifts {
                    Self.appendText(gift.giver, to: &bytes)
                    Self.appendText(gift.receiver, to: &bytes)
                    Self.append(gift.cards, to: &bytes)
                }
            }
            if let round = table.round { Self.append(round, to: &bytes) }
        }
    }

    /// A round: its number (`UInt64`), seed and commitment (texts), a flags byte (bit 0 over), the step count
    /// (`UInt16`) and each step as a kind byte (0 from the top, 1 from the bottom, 2 returned under, 3 reshuffled)
    /// and, but for a reshuffle, its cards; then the players' entropy: its count (`UInt8`) and each as the player's
    /// name and the text.
    private static func append(_ round: TableRound, to bytes: inout [UInt8]) {
        append(UInt64(round.number), to: &bytes)
        appendText(round.seed, to: &bytes)
        appendText(round.commitment.digest, to: &bytes)
        bytes.append(round.isOver ? 1 : 0)
        appendCount(round.steps.count, to: &bytes)
        for step in round.steps {
            switch step {
            case .fromTop(let cards):
                bytes.append(0)
                append(cards, to: &bytes)
            case .fromBottom(let cards):
                bytes.append(1)
                append(cards, to: &bytes)
            case .returnedToBottom(let cards):
                bytes.append(2)
                append(cards, to: &bytes)
            case .stackReshuffled:
                bytes.append(3)
            }
        }
        bytes.append(UInt8(truncatingIfNeeded: round.entropy.count))
        for contribution in round.entropy {
            appendText(contribution.player, to: &bytes)
            appendText(contribution.text, to: &bytes)
        }
    }

    /// Reads a deck back from its compact binary form (version 4, or versions 1 to 3 as older
    /// servers wrote them).
    ///
    /// - Parameter bytes: bytes written by ``serialized()``.
    /// - Throws: ``DeckDecodingError`` when the bytes are truncated, of an unknown version, or
    ///   describe a deck whose parts do not add up to its composition.
    public init<Bytes: Collection>(serialized bytes: Bytes) throws(DeckDecodingError) where Bytes.Element == UInt8 {
        var reader = ByteReader(Array(bytes))
        let version = try reader.byte()
        guard (1...4).contains(version) else { throw DeckDecodingError("unknown format version") }
        let flags = try reader.byte()
        let deckCount = Int(try reader.byte())
        var changeNumber = version >= 2 ? try reader.changeNumber() : 0
        let contents = flags & 4 != 0 ? try reader.cards() : nil
        guard
            let composition = try? DeckComposition(
                storedDeckCount: deckCount, jokersEnabled: flags & 2 != 0, partialContents: contents)
        else { throw DeckDecodingError("deck count out of range") }
        let stack = try reader.cards()
        let drawn = try reader.cards()
        let pileCount = try reader.count()
        var piles: [Pile] = []
        for _ in 0..<pileCount {
            let name = try reader.name()
            let pileFlags = version >= 3 ? try reader.byte() : 0
            guard pileFlags <= 1 else { throw DeckDecodingError("unknown pile flags") }
            piles.append(Pile(name: name, cards: try reader.cards(), isFaceDown: pileFlags == 1))
        }
        var table: TableState?
        if flags & 8 != 0 {
            if version == 1 { changeNumber = try reader.changeNumber() }
            table = try reader.table(version: version)
        }
        guard reader.isAtEnd else { throw DeckDecodingError("trailing bytes") }
        self.init(
            composition: composition, stack: stack, piles: piles, drawn: drawn, shuffled: flags & 1 != 0, table: table,
            changeNumber: changeNumber)
        guard isConsistent else { throw DeckDecodingError("cards do not add up to the deck's composition") }
    }

    private static func checkField(_ value: Int, max: Int, _ field: String) throws(DeckEncodingError) {
        guard value >= 0, value <= max else {
            throw DeckEncodingError(field + " " + String(value) + " is past its format's " + String(max))
        }
    }

    private static func checkName(_ name: String) throws(DeckEncodingError) {
        guard PileName.isValid(name) else { throw DeckEncodingError("a name the format cannot hold") }
    }

    /// A text of at most 255 bytes of UTF-8 (checked by ``checkEncodable()``) as its length and bytes.
    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    private static func appendCount(_ count: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: count))
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
    }

    private static func append(_ number: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    private static func append(_ cards: [Card], to bytes: inout [UInt8]) {
        appendCount(cards.count, to: &bytes)
        // One growth and a plain loop: a 20-deck shoe is over a thousand cards, written on every change.
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: cards.count))
        cards.withUnsafeBufferPointer { cards in
            bytes.withUnsafeMutableBufferPointer { buffer in
                // Sized above: nothing to check per card.
                guard let target = buffer.baseAddress?.advanced(by: start) else { return }
                for (index, card) in cards.enumerated() { target[index] = card.ordinal }
            }
        }
    }
}

/// A deck that does not fit the storage format (a count or name past its field). The change that
/// made it fails; nothing is written.
public struct DeckEncodingError: Error, Hashable, Sendable {
    /// What did not fit.
    public let reason: String

    init(_ reason: String) { self.reason = reason }
}

/// Stored deck bytes that cannot be read back.
public struct DeckDecodingError: Error, Hashable, Sendable {
    /// What was wrong with the bytes.
    public let reason: String

    init(_ reason: String) { self.reason = reason }
}

/// Reads the compact deck format, failing on truncation.
private struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(DeckDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw DeckDecodingError("truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func count() throws(DeckDecodingError) -> Int {
        let low = Int(try byte())
        return low | Int(try byte()) << 8
    }

    mutating func cards() throws(DeckDecodingError) -> [Card] {
        let count = try count()
        guard bytes.count - offset >= count else { throw DeckDecodingError("truncated") }
        var cards: [Card] = []
        cards.reserveCapacity(count)
        for _ in 0..<count {
            guard let card = Card(ordinal: try byte()) else { throw DeckDecodingError("unknown card") }
            cards.append(card)
        }
        return cards
    }

    mutating func changeNumber() throws(DeckDecodingError) -> Int64 {
        let number = try uint64()
        guard number <= UInt64(Int64.max) else { throw DeckDecodingError("change number out of range") }
        return Int64(number)
    }

    mutating func uint64() throws(DeckDecodingError) -> UInt64 {
        var number: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { number |= UInt64(try byte()) << UInt64(shift) }
        return number
    }

    mutating func table(version: UInt8) throws(DeckDecodingError) -> TableState {
        let playerCount = Int(try byte())
        guard playerCount <= TableState.maximumPlayers else { throw DeckDecodingError("too many players") }
        var players: [TablePlayer] = []
        for _ in 0..<playerCount {
            let playerName = try name()
            guard bytes.count - offset >= TableState.tokenHashLength else { throw DeckDecodingError("truncated") }
            let hash = Array(bytes[offset..<offset + TableState.tokenHashLength])
            offset += TableState.tokenHashLength
            guard version >= 3 else {
                players.append(TablePlayer(name: playerName, tokenHash: hash))
                continue
            }
            let displayName = try text()
            var holders: [UInt64] = []
            if version >= 4 {
                let holderCount = Int(try byte())
                guard holderCount <= TablePlayer.maximumPresenceHolders else {
                    throw DeckDecodingError("too many presence holders")
                }
                for _ in 0..<holderCount { holders.append(try uint64()) }
                guard zip(holders, holders.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    throw DeckDecodingError("presence holders out of order")
                }
            } else {
                let playerFlags = try byte()
                guard playerFlags <= 1 else { throw DeckDecodingError("unknown player flags") }
            }
            players.append(
                TablePlayer(name: playerName, tokenHash: hash, displayName: displayName, presenceHolders: holders))
        }
        guard version >= 3 else { return TableState(players: players) }
        let host = try text()
        let turn = try text()
        let tableFlags = try byte()
        guard tableFlags <= 31 else { throw DeckDecodingError("unknown table flags") }
        let names = Set(players.map { $0.name })
        guard host.isEmpty || names.contains(host), turn.isEmpty || names.contains(turn) else {
            throw DeckDecodingError("a host or turn holder who is not seated")
        }
        var gifts: [TableGift] = []
        if tableFlags & 4 != 0 {
            let giftCount = Int(try byte())
            guard (1...TableState.maximumPlayers).contains(giftCount) else { throw DeckDecodingError("gift count") }
            for _ in 0..<giftCount {
                let gift = TableGift(giver: try name(), receiver: try name(), cards: try cards())
                guard names.contains(gift.giver), names.contains(gift.receiver) else {
                    throw DeckDecodingError("a gift from or to a player who is not seated")
                }
                gifts.append(gift)
            }
        }
        let round = tableFlags & 8 != 0 ? try self.round() : nil
        return TableState(
            players: players, hostName: host.isEmpty ? nil : host, turn: turn.isEmpty ? nil : turn,
            strictTurns: tableFlags & 1 != 0, locked: tableFlags & 2 != 0, gifts: gifts, round: round,
            revealsRounds: tableFlags & 16 == 0)
    }

    mutating func round() throws(DeckDecodingError) -> TableRound {
        let number = try uint64()
        guard (1...UInt64(Int32.max)).contains(number) else { throw DeckDecodingError("round number out of range") }
        let seed = try text()
        guard let commitment = ShuffleCommitment(digest: try text()), (try? SeededShuffle(seed: seed)) != nil else {
            throw DeckDecodingError("a round's seed or commitment is not one")
        }
        let flags = try byte()
        guard flags <= 1 else { throw DeckDecodingError("unknown round flags") }
        let stepCount = try count()
        var steps: [RoundAudit.Step] = []
        for _ in 0..<stepCount {
            switch try byte() {
            case 0: steps.append(.fromTop(try cards()))
            case 1: steps.append(.fromBottom(try cards()))
            case 2: steps.append(.returnedToBottom(try cards()))
            case 3: steps.append(.stackReshuffled)
            default: throw DeckDecodingError("unknown round step")
            }
        }
        var entropy: [RoundEntropy] = []
        for _ in 0..<Int(try byte()) {
            let contribution = RoundEntropy(player: try name(), text: try text())
            guard !contribution.text.isEmpty else { throw DeckDecodingError("empty entropy") }
            entropy.append(contribution)
        }
        return TableRound(
            number: Int(number), seed: seed, commitment: commitment, steps: steps, isOver: flags & 1 != 0,
            entropy: entropy)
    }

    mutating func text() throws(DeckDecodingError) -> String {
        let length = Int(try byte())
        guard bytes.count - offset >= length else { throw DeckDecodingError("truncated") }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    mutating func name() throws(DeckDecodingError) -> String {
        let length = Int(try byte())
        guard bytes.count - offset >= length else { throw DeckDecodingError("truncated") }
        let name = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        offset += length
        guard PileName.isValid(name) else { throw DeckDecodingError("invalid pile name") }
        return name
    }
}
