import PlayingCards

/// An answer's JSON as a remembered answer keeps it: every run of card objects (`{"code":"KH",
/// "image":…,"suit":"HEARTS"}` and the commas between them) replaced by one byte per card.
///
/// A card object is about 190 bytes of JSON that follow from the card and the server's public URL
/// alone, so a draw of 1,000 cards is remembered in about 1 KB instead of 190 KB. A run is written
/// as a marker byte that UTF-8 never uses (`0xFE`), the number of cards as a base-128 varint, then
/// each card's `Card.ordinal`; every other byte is the JSON's own. Expanding renders the card
/// objects again with the server's current card objects (``CardJSON``): the same bytes, unless the
/// public URL changed meanwhile, in which case the images point where they are now served.
package enum CompactAnswer {
    /// The marker of a run of card objects: a byte that never occurs in UTF-8.
    package static let runMarker: UInt8 = 0xFE

    /// The answer's JSON with its card objects compacted.
    ///
    /// - Parameters:
    ///   - json: the answer's body.
    ///   - cardJSON: the card objects the answer was rendered with.
    /// - Returns: the compact bytes.
    /// - Complexity: O(*n*) in the JSON's length.
    package static func compacted(_ json: String, cardJSON: CardJSON) -> [UInt8] {
        let text = Array(json.utf8)
        let objects = Card.allCards.map { Array(cardJSON.object(for: $0).utf8) }
        let prefix = Array(#"{"code":""#.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(min(text.count, 4096))
        var index = 0
        while index < text.count {
            var run: [UInt8] = []
            var end = index
            while let card = cardObject(in: text, at: end, prefix: prefix, objects: objects) {
                run.append(card.ordinal)
                end += objects[Int(card.ordinal)].count
                // A comma joins this card object to the next one; otherwise the run ends here.
                guard end + 1 < text.count, text[end] == UInt8(ascii: ","),
                    cardObject(in: text, at: end + 1, prefix: prefix, objects: objects) != nil
                else { break }
                end += 1
            }
            if run.isEmpty {
                output.append(text[index])
                index += 1
            } else {
                output.append(runMarker)
                appendVarint(run.count, to: &output)
                output += run
                index = end
            }
        }
        return output
    }

    /// The answer's JSON again.
    ///
    /// - Parameters:
    ///   - bytes: what ``compacted(_:cardJSON:)`` made.
    ///   - cardJSON: the server's card objects.
    /// - Returns: the JSON, or `nil` when the bytes are not a compact answer.
    package static func expanded(_ bytes: some Collection<UInt8>, cardJSON: CardJSON) -> String? {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == runMarker else {
                output.append(bytes[index])
                index += 1
                continue
            }
            index += 1
            guard let (count, next) = readVarint(bytes, at: index), count > 0, next + count <= bytes.count else {
                return nil
            }
            for position in next..<(next + count) {
                guard let card = Card(ordinal: bytes[position]) else { return nil }
                if position > next { output.append(UInt8(ascii: ",")) }
                output += cardJSON.object(for: card).utf8
            }
            index = next + count
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The card whose object starts at `index`, if one does.
    private static func cardObject(in text: [UInt8], at index: Int, prefix: [UInt8], objects: [[UInt8]]) -> Card? {
        guard index + prefix.count + 2 <= text.count, text[index..<(index + prefix.count)].elementsEqual(prefix),
            let card = Card(
                code: String(decoding: text[(index + prefix.count)..<(index + prefix.count + 2)], as: UTF8.self))
        else { return nil }
        let object = objects[Int(card.ordinal)]
        guard index + object.count <= text.count, text[index..<(index + object.count)].elementsEqual(object) else {
            return nil
        }
        return card
    }

    private static func appendVarint(_ value: Int, to output: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    private static func readVarint(_ bytes: [UInt8], at start: Int) -> (Int, Int)? {
        var value = 0
        var shift = 0
        var index = start
        while index < bytes.count, shift < 35 {
            let byte = bytes[index]
            value |= Int(byte & 0x7F) << shift
            index += 1
            if byte & 0x80 == 0 { return (value, index) }
            shift += 7
        }
        return nil
    }
}
