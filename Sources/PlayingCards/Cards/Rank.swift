/// The rank of a standard playing card, from ace to king.
///
/// Codes are one character: `A`, `2`…`9`, `0` for ten, `J`, `Q`, `K`. Names are those the
/// Deck of Cards API reports: `ACE`, `2`…`10`, `JACK`, `QUEEN`, `KING`.
public enum Rank: UInt8, CaseIterable, Hashable, Sendable {
    case ace = 1, two, three, four, five, six, seven, eight, nine, ten, jack, queen, king

    /// The one-character code, such as `"A"` or `"0"` for ten.
    public var code: String {
        switch self {
        case .ace: "A"
        case .ten: "0"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    /// The name the Deck of Cards API reports, such as `"ACE"` or `"10"`.
    public var name: String {
        switch self {
        case .ace: "ACE"
        case .jack: "JACK"
        case .queen: "QUEEN"
        case .king: "KING"
        default: String(rawValue)
        }
    }

    /// The label printed in a card's corner, such as `"A"` or `"10"`.
    public var label: String {
        switch self {
        case .ace: "A"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    /// Whether the rank is a court card (jack, queen or king).
    public var isCourt: Bool { rawValue >= Rank.jack.rawValue }

    /// Creates a rank from its one-character code, ignoring case.
    ///
    /// - Parameter code: `A`, `2`…`9`, `0`, `J`, `Q` or `K`, in either case.
    /// - Returns: `nil` when the code names no rank.
    public init?(code: Unicode.Scalar) {
        switch code {
        case "A", "a": self = .ace
        case "2"..."9": self.init(rawValue: UInt8(code.value - 48))
        case "0": self = .ten
        case "J", "j": self = .jack
        case "Q", "q": self = .queen
        case "K", "k": self = .king
        default: return nil
        }
    }
}
