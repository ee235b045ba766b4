import PlayingCards

/// Renders cards as the API's card objects, with image URLs under the server's public base URL.
///
/// The 54 possible card objects are rendered once per base URL and reused, so a draw's response
/// is a concatenation of ready-made strings.
package struct CardJSON: Sendable {
    private let objects: [String]

    /// - Parameter publicURL: the base URL images are served from, without a trailing slash.
    package init(publicURL: String) {
        objects = Card.allCards.map { card in
            let base = publicURL + "/static/img/" + card.imageName
            var images = JSONObjectWriter(capacity: 96)
            images.add("svg", string: base + ".svg")
            images.add("png", string: base + ".png")
            var object = JSONObjectWriter(capacity: 192)
            object.add("code", string: card.code)
            object.add("image", string: base + ".png")
            object.add("images", json: images.finished())
            object.add("value", string: card.valueName)
            object.add("suit", string: card.suitName)
            return object.finished()
        }
    }

    /// The card object for one card.
    package func object(for card: Card) -> String { objects[Int(card.ordinal)] }

    /// A JSON array of card objects.
    package func array<C: Collection>(_ cards: C) -> String where C.Element == Card {
        jsonArray(cards.lazy.map { objects[Int($0.ordinal)] })
    }
}
