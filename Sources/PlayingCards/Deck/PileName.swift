/// Validation of pile names.
public enum PileName {
    /// The longest pile name accepted.
    public static let maximumLength = 64

    /// Whether `name` is a valid pile name: 1…64 characters from `[-a-zA-Z0-9_]`.
    ///
    /// - Parameter name: the name to check.
    /// - Returns: `true` when the name can name a pile.
    public static func isValid<S: StringProtocol>(_ name: S) -> Bool {
        var length = 0
        for byte in name.utf8 {
            length += 1
            guard length <= maximumLength else { return false }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            default:
                return false
            }
        }
        return length > 0
    }
}
