import Crypto

/// The secret a player gets on joining a table: 256 bits from the system's secure generator, as
/// 43 characters of unpadded base64url (`[A-Za-z0-9_-]`), safe in a URL and a header. A token
/// never starts with `-`, so that it can follow an option on a command line
/// (`riffle table deal … --token <token>`) without being read as an option itself.
///
/// Only its SHA-256 is stored (in the deck's state); the token itself is shown once, in the join
/// answer, and never written to a log, a metric or an error message.
package enum TableToken {
    /// The length of a token in characters.
    package static let length = 43
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// A new token from the system's secure generator; one that would start with `-` is drawn
    /// again (1 in 64), which leaves over 255 bits of entropy.
    package static func generate() -> String {
        while true {
            let token = base64URL(randomBytes())
            if !token.hasPrefix("-") { return token }
        }
    }

    private static func randomBytes() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return bytes
    }

    /// Whether `text` has the shape of a token.
    package static func isWellFormed<S: StringProtocol>(_ text: S) -> Bool {
        isWellFormed(text.utf8)
    }

    /// Whether the UTF-8 bytes `text` have the shape of a token.
    package static func isWellFormed<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        // Every seated request checks its token: ranges, not a search of the 64-letter alphabet.
        text.count == length
            && text.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default:
                    false
                }
            }
    }

    /// The SHA-256 of a token, as stored.
    package static func hash<S: StringProtocol>(_ token: S) -> [UInt8] {
        hash(token.utf8)
    }

    /// The SHA-256 of a token's UTF-8 bytes.
    package static func hash<Bytes: Collection<UInt8>>(_ token: Bytes) -> [UInt8] {
        // Every seated request hashes its token: the digest's bytes copied at once, not one by one.
        SHA256.hash(data: Array(token)).withUnsafeBytes { Array($0) }
    }

    /// Unpadded base64url.
    package static func base64URL(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count { output.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
