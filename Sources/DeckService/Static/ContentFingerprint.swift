/// A fingerprint of a file's bytes for a strong `ETag`: FNV-1a, 64 bits, as 16 hex digits.
///
/// Not a cryptographic hash: it only has to change when the bytes change, and both the web app's files and the
/// card images are the server's own.
enum ContentFingerprint {
    /// The fingerprint of `bytes`.
    ///
    /// - Parameter bytes: the file's bytes.
    /// - Returns: 16 lowercase hex digits.
    /// - Complexity: O(*n*) for *n* bytes.
    static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
