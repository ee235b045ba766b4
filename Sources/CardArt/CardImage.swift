import PlayingCards

/// One of the 55 images Riffle draws: the 52 faces, the two jokers and the card back.
///
/// The Deck of Cards API names image files after the card code (`KH.png`), except the ace of
/// diamonds, whose files are `aceDiamonds.*`, and the back, `back.*`.
///
/// ```swift
/// let image = CardImage(imageName: "aceDiamonds")   // .card(.standard(.ace, .diamonds))
/// image?.imageName                                  // "aceDiamonds"
/// CardImage(imageName: "AD")?.imageName             // "aceDiamonds" (the code is accepted too)
/// CardImage.all.count                               // 55
/// ```
public enum CardImage: Hashable, Sendable {
    /// The face of a card.
    case card(Card)
    /// The card back, shared by every card.
    case back

    /// Every image: the 54 cards in unshuffled order (`Card.allCards` of PlayingCards), then the back.
    public static let all: [CardImage] = Card.allCards.map { .card($0) } + [.back]

    /// The base name of the image's files, such as `"KH"`, `"aceDiamonds"` or `"back"`.
    public var imageName: String {
        switch self {
        case .card(let card): card.imageName
        case .back: "back"
        }
    }

    /// Finds the image with a given file base name.
    ///
    /// Accepts every ``imageName`` (`"KH"`, `"aceDiamonds"`, `"back"`) and every card code as
    /// `Card(code:)` of PlayingCards reads it (so `"AD"` and `"kh"` work too).
    ///
    /// - Parameter imageName: a file name without its extension and scale suffix.
    /// - Returns: `nil` when the name belongs to no image.
    public init?<S: StringProtocol>(imageName: S) {
        if imageName == "back" {
            self = .back
        } else if imageName == "aceDiamonds" {
            self = .card(.standard(.ace, .diamonds))
        } else if let card = Card(code: imageName) {
            self = .card(card)
        } else {
            return nil
        }
    }
}
