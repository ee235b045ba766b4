/// One of the four French suits.
///
/// Each suit has a one-letter code used in card codes (`S`, `D`, `C`, `H`) and the upper-case
/// name the Deck of Cards API reports (`SPADES`, …). The cases are declared in the order an
/// unshuffled deck lists them: spades, diamonds, clubs, hearts.
public enum Suit: UInt8, CaseIterable, Hashable, Sendable {
    /// ♠, code `S`.
    case spades
    /// ♦, code `D`.
    case diamonds
    /// ♣, code `C`.
    case clubs
    /// ♥, code `H`.
    case hearts

    /// The one-letter code used in card codes, such as `"S"`.
    public var code: String {
        switch self {
        case .spades: "S"
        case .diamonds: "D"
        case .clubs: "C"
        case .hearts: "H"
        }
    }

    /// The name the Deck of Cards API reports, such as `"SPADES"`.
    public var name: String {
        switch self {
        case .spades: "SPADES"
        case .diamonds: "DIAMONDS"
        case .clubs: "CLUBS"
        case .hearts: "HEARTS"
        }
    }

    /// The suit's symbol, such as `"♠"`.
    public var symbol: String {
        switch self {
        case .spades: "♠"
        case .diamonds: "♦"
        case .clubs: "♣"
        case .hearts: "♥"
        }
    }

    /// Whether the suit is printed in red (diamonds and hearts).
    public var isRed: Bool { self == .diamonds || self == .hearts }

    /// Creates a suit from its one-letter code, ignoring case.
    ///
    /// - Parameter code: `S`, `D`, `C` or `H`, in either case.
    /// - Returns: `nil` when the code names no suit.
    public init?(code: Unicode.Scalar) {
        switch code {
        case "S", "s": self = .spades
        case "D", "d": self = .diamonds
        case "C", "c": self = .clubs
        case "H", "h": self = .hearts
        default: return nil
        }
    }
}
