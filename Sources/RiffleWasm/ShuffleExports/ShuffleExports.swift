import PlayingCards

/// The seeded shuffle and its commitments (``SeededShuffle``, ``ShuffleCommitment``) as C-ABI exports, for a
/// WebAssembly module that recomputes a revealed shuffle in the browser (and, under node, checks the published test
/// vectors against the native build: Tests/WebAppTests/shuffle-parity.mjs). Built by scripts/build-shuffle-wasm.sh.
///
/// Text goes both ways through one buffer: the page writes the seed's UTF-8 bytes at ``riffle_shuffle_buffer()``,
/// calls an export with its length, and reads the answer's ASCII bytes from the same place.
enum ShuffleBuffer {
    /// The buffer's size: a 256-byte seed in, 20 decks of 54 cards as codes (3,240 bytes) out.
    static let byteCount = 4_096

    // Safe without a lock: a wasm instance has one thread, and only these exports touch the buffer.
    nonisolated(unsafe) static var start: UnsafeMutablePointer<UInt8>? = nil

    static var base: UnsafeMutablePointer<UInt8> {
        if let start { return start }
        let allocated = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCount)
        allocated.initialize(repeating: 0, count: byteCount)
        start = allocated
        return allocated
    }

    /// The seed the page wrote, `length` bytes.
    static func seed(length: Int32) -> String? {
        guard length > 0, Int(length) <= byteCount else { return nil }
        return String(decoding: UnsafeBufferPointer(start: base, count: Int(length)), as: UTF8.self)
    }

    /// Writes `text`'s bytes at the start of the buffer and returns their count (-1 when they do not fit).
    static func write(_ text: String) -> Int32 {
        let bytes = Array(text.utf8)
        guard bytes.count <= byteCount else { return -1 }
        for (index, byte) in bytes.enumerated() { base[index] = byte }
        return Int32(bytes.count)
    }

    /// A standard composition of `deckCount` decks (with jokers when `jokers` is not 0), in its starting order.
    static func cards(deckCount: Int32, jokers: Int32) -> [Card]? {
        guard let composition = try? DeckComposition(deckCount: Int(deckCount), jokersEnabled: jokers != 0) else {
            return nil
        }
        return composition.allCards
    }
}

/// The address of the shuffle buffer in linear memory.
@_expose(wasm, "riffle_shuffle_buffer")
@_cdecl("riffle_shuffle_buffer")
public func riffle_shuffle_buffer() -> UnsafeMutablePointer<UInt8> {
    ShuffleBuffer.base
}

/// Shuffles a standard deck of `deckCount` decks with the seed in the buffer, and writes the order there (card codes
/// separated by spaces, top card first). Returns the number of bytes written, or -1 for a seed or a deck count that
/// is not valid.
@_expose(wasm, "riffle_shuffle_order")
@_cdecl("riffle_shuffle_order")
public func riffle_shuffle_order(_ seedLength: Int32, _ deckCount: Int32, _ jokers: Int32) -> Int32 {
    guard let seed = ShuffleBuffer.seed(length: seedLength), let shuffle = try? SeededShuffle(seed: seed),
        let cards = ShuffleBuffer.cards(deckCount: deckCount, jokers: jokers)
    else { return -1 }
    var text = ""
    for (index, card) in shuffle.shuffled(cards).enumerated() {
        if index > 0 { text += " " }
        text += card.code
    }
    return ShuffleBuffer.write(text)
}

/// Writes the commitment (64 hexadecimal digits) to shuffling a standard deck of `deckCount` decks with the seed in
/// the buffer in round `round`. Returns 64, or -1 for a seed or a deck count that is not valid.
@_expose(wasm, "riffle_shuffle_commitment")
@_cdecl("riffle_shuffle_commitment")
public func riffle_shuffle_commitment(_ seedLength: Int32, _ deckCount: Int32, _ jokers: Int32, _ round: Int32) -> Int32
{
    guard let seed = ShuffleBuffer.seed(length: seedLength), (try? SeededShuffle(seed: seed)) != nil,
        let cards = ShuffleBuffer.cards(deckCount: deckCount, jokers: jokers)
    else { return -1 }
    return ShuffleBuffer.write(ShuffleCommitment(seed: seed, cards: cards, round: Int(round)).digest)
}
