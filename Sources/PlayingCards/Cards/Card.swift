/// A playing card: one of the 52 standard faces or one of the two jokers.
///
/// A card is identified by its two-character code, value then suit: `AS` is the ace of spades,
/// `0H` the ten of hearts, `X1` the black joker and `X2` the red joker.
///
/// ```swift
/// let card = Card(code: "qh")        // .standard(.queen, .hearts)
/// card?.code                         // "QH"
/// card?.valueName                    // "QUEEN"
/// ```
///
/// Every card also has a dense ``ordinal`` (0…53), which storage uses to keep a list of cards
/// as one byte per card.
public enum Card: Hashable, Sendable {
    /// A standard card of a rank and a suit.
    case standard(Rank, Suit)
    /// A joker: `X1` is black, `X2` is red.
    case joker(JokerColor)

    /// The colour of a joker.
    public enum JokerColor: UInt8, CaseIterable, Hashable, Sendable {
        /// The black joker, `X1`.
        case black
        /// The red joker, `X2`.
        case red
    }

    /// Every distinct card: the 52 standard faces in unshuffled order, then `X1`, `X2`.
    public static let allCards: [Card] = (0..<54).map { Card(ordinal: UInt8($0))! }

    /// The 52 standard faces in unshuffled order: A→K of spades, diamonds, clubs, hearts.
    public static let standardCards: [Card] = Array(allCards.prefix(52))

    /// The two jokers, `X1` then `X2`.
    public static let jokers: [Card] = [.joker(.black), .joker(.red)]

    /// The two-character code, such as `"AS"`, `"0D"` or `"X1"`.
    public var code: String {
        switch self {
        case .standard(let rank, let suit): rank.code + suit.code
        case .joker(.black): "X1"
        case .joker(.red): "X2"
        }
    }

    /// The value name the Deck of Cards API reports: `ACE`, `2`…`10`, `JACK`, `QUEEN`, `KING`
    /// or `JOKER`.
    public var valueName: String {
        switch self {
        case .standard(let rank, _): rank.name
        case .joker: "JOKER"
        }
    }

    /// The suit name the Deck of Cards API reports: `SPADES`, `DIAMONDS`, `CLUBS`, `HEARTS`,
    /// or `BLACK`/`RED` for jokers.
    public var suitName: String {
        switch self {
        case .standard(_, let suit): suit.name
        case .joker(.black): "BLACK"
        case .joker(.red): "RED"
        }
    }

    /// The base name of the card's image files. It is the code, except for the ace of diamonds,
    /// whose images are named `aceDiamonds` because ad-blockers block `AD.png`.
    public var imageName: String {
        self == .standard(.ace, .diamonds) ? "aceDiamonds" : code
    }

    /// Whether the card is printed in red (diamonds, hearts and the red joker).
    public var isRed: Bool {
        switch self {
        case .standard(_, let suit): suit.isRed
        case .joker(let color): color == .red
        }
    }

    /// A readable name, such as `"Queen of Hearts"` or `"Red Joker"`.
    public var displayName: String {
        switch self {
        case .standard(let rank, let suit):
            let rankName = rank.isCourt || rank == .ace ? rank.name.capitalizedWord : rank.name
            return rankName + " of " + suit.name.capitalizedWord
        case .joker(.black): return "Black Joker"
        case .joker(.red): return "Red Joker"
        }
    }

    /// A dense number for the card: 0…51 for standard cards in unshuffled order, 52 for `X1`,
    /// 53 for `X2`.
    public var ordinal: UInt8 {
        switch self {
        case .standard(let rank, let suit): suit.rawValue * 13 + rank.rawValue - 1
        case .joker(let color): 52 + color.rawValue
        }
    }

    /// Creates the card with a given ``ordinal``.
    ///
    /// - Parameter ordinal: 0…53.
    /// - Returns: `nil` when `ordinal` is 54 or more.
    public init?(ordinal: UInt8) {
        switch ordinal {
        case 0..<52:
            self = .standard(Rank(rawValue: ordinal % 13 + 1)!, Suit(rawValue: ordinal / 13)!)
        case 52: self = .joker(.black)
        case 53: self = .joker(.red)
        default: return nil
        }
    }

    /// Creates a card from its code, ignoring case, with no trimming.
    ///
    /// - Parameter code: two characters, such as `"AS"`, `"0h"` or `"X2"`.
    /// - Returns: `nil` when the text is not exactly a known card code.
    public init?<S: StringProtocol>(code: S) {
        var scalars = code.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next(), scalars.next() == nil else { return nil }
        if first == "X" || first == "x" {
            switch second {
            case "1": self = .joker(.black)
            case "2": self = .joker(.red)
            default: return nil
            }
            return
        }
        guard let rank = Rank(code: first), let suit = Suit(code: second) else { return nil }
        self = .standard(rank, suit)
    }
}

extension String {
    /// `"HEARTS"` → `"Hearts"`, for ASCII words.
    fileprivate var capitalizedWord: String {
        var result = ""
        for (offset, scalar) in unicodeScalars.enumerated() {
            if offset > 0, scalar.value >= 65, scalar.value <= 90, let lower = Unicode.Scalar(scalar.value + 32) {
                result.unicodeScalars.append(lower)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
