import PlayingCards

/// The colours of Riffle's card art.
enum Palette {
    /// The card stock.
    static let paper = Color(hex: 0xFFFFFF)
    /// The thin grey edge that keeps a white card visible on a white page.
    static let edge = Color(hex: 0xA9AEB6)
    /// Spades, clubs and the black joker.
    static let black = Color(hex: 0x1B1C20)
    /// Diamonds, hearts and the red joker.
    static let red = Color(hex: 0xC8102E)
    /// The accent of court cards, jokers and the back.
    static let gold = Color(hex: 0xE0A82E)
    /// The background inside a court card's frame.
    static let cream = Color(hex: 0xFBF3DF)
    /// Faces.
    static let skin = Color(hex: 0xFCE3C6)
    /// Hair.
    static let hair = Color(hex: 0x6E4429)
    /// A king's beard.
    static let beard = Color(hex: 0xD9D6CF)
    /// Blades and spear heads.
    static let steel = Color(hex: 0x8C97A8)
    /// Stems and leaves.
    static let leaf = Color(hex: 0x2F7D4A)
    /// The back's field.
    static let backField = Color(hex: 0x1D4E89)
    /// The back's lattice.
    static let backPattern = Color(hex: 0x4A7DC0)

    /// The ink of a card's suit or joker colour.
    static func ink(isRed: Bool) -> Color { isRed ? red : black }
}
