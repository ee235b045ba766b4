import Foundation
import PlayingCards

/// A card as the API describes it: its code, image URLs, and value and suit names.
///
/// ```json
/// {"code": "KH", "image": ".../KH.png", "images": {"svg": ".../KH.svg", "png": ".../KH.png"},
///  "value": "KING", "suit": "HEARTS"}
/// ```
///
/// The code is decoded as a `PlayingCards.Card`, so ``card`` is typed; an unknown code is a
/// decoding error naming the field.
public struct CardInfo: Hashable, Sendable, Decodable {
    /// The card, from its `code`.
    public var card: PlayingCards.Card
    /// The `image` URL text (the PNG).
    public var image: String
    /// The `images` object: the PNG and SVG URL texts. Servers older than the `images` key omit it.
    public var images: Images?
    /// The `value` name, such as `"KING"` or `"10"`.
    public var value: String
    /// The `suit` name, such as `"HEARTS"`.
    public var suit: String

    /// The URLs of one card's image files.
    public struct Images: Hashable, Sendable, Decodable {
        /// The SVG image URL text.
        public var svg: String?
        /// The PNG image URL text.
        public var png: String?

        /// Creates the pair.
        ///
        /// - Parameters:
        ///   - svg: the SVG URL text.
        ///   - png: the PNG URL text.
        public init(svg: String?, png: String?) {
            self.svg = svg
            self.png = png
        }
    }

    /// Creates a card description.
    ///
    /// - Parameters:
    ///   - card: the card.
    ///   - image: the PNG URL text.
    ///   - images: the PNG and SVG URL texts.
    ///   - value: the value name; by default the card's.
    ///   - suit: the suit name; by default the card's.
    public init(
        card: PlayingCards.Card, image: String, images: Images? = nil, value: String? = nil, suit: String? = nil
    ) {
        self.card = card
        self.image = image
        self.images = images
        self.value = value ?? card.valueName
        self.suit = suit ?? card.suitName
    }

    /// The two-character code, such as `"KH"`.
    public var code: String { card.code }

    /// The PNG image URL, when ``image`` is a valid URL.
    public var imageURL: URL? { URL(string: image) }

    /// The SVG image URL, when the server sent one.
    public var svgURL: URL? { images?.svg.flatMap(URL.init(string:)) }

    private enum CodingKeys: String, CodingKey {
        case code, image, images, value, suit
    }

    /// Decodes the API's card object.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or `code` is not a card code.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        guard let card = PlayingCards.Card(code: code) else {
            throw DecodingError.dataCorruptedError(
                forKey: .code, in: container, debugDescription: "\"\(code)\" is not a card code.")
        }
        self.card = card
        image = try container.decode(String.self, forKey: .image)
        images = try container.decodeIfPresent(Images.self, forKey: .images)
        value = try container.decode(String.self, forKey: .value)
        suit = try container.decode(String.self, forKey: .suit)
    }
}
