import DeckClient
import Foundation
import PlayingCards

#if canImport(UIKit)
    import UIKit
#endif

/// The seed lab's card: made from the API's card dictionary, with an image to download.
///
/// ```swift
/// let card = Card(dictionary: ["code": "KH", "value": "KING", "suit": "HEARTS",
///                              "image": "http://127.0.0.1:8080/static/img/KH.png"])
/// card.downloadImage { ok in /* card.image is set */ }
/// ```
///
/// `PlayingCards` also has a `Card` (the typed card value), which `DeckClient` uses. This class lives
/// in a module of its own so that an app importing `DeckClient` and `PlayingCards` names that value
/// `Card` unqualified. A file that imports this module and `PlayingCards` too writes
/// `DeckOfCardsLab.Card` for this class and `PlayingCards.Card` for the value; ``playingCard`` converts.
///
/// `Card` is isolated to the main actor, which makes it `Sendable`: ``image`` and
/// ``isDownloading`` are only changed there, where the handlers run too.
@MainActor
public final class Card {
    /// The `image` URL text, or `"n/a"` when the dictionary had none.
    public let imageURLString: String
    /// The image URL, when ``imageURLString`` is a valid URL.
    public let url: URL?
    /// The code, such as `"KH"`.
    public let code: String
    /// The value name, such as `"KING"`.
    public let value: String
    /// The suit name, such as `"HEARTS"`.
    public let suit: String
    /// The client that downloads the image, by default ``CardAPIClient/shared``.
    public let apiClient: CardAPIClient
    /// The downloaded image bytes, `nil` until ``downloadImage(_:)`` succeeds.
    public var imageData: Data?
    /// Whether an image download is under way.
    public var isDownloading = false

    #if canImport(UIKit)
        /// The downloaded image, `nil` until ``downloadImage(_:)`` succeeds.
        public var image: UIImage?
    #else
        /// The downloaded image: its bytes, as there is no UIKit. `nil` until ``downloadImage(_:)`` succeeds.
        public var image: Data? {
            get { imageData }
            set { imageData = newValue }
        }
    #endif

    /// Creates a card from the API's card dictionary, as the lab describes.
    ///
    /// - Parameters:
    ///   - dictionary: `image`, `value`, `suit`, `code` (missing keys read as `"n/a"`).
    ///   - apiClient: the client for the image download; by default the shared one.
    public init(dictionary: [String: Any], apiClient: CardAPIClient = .shared) {
        imageURLString = dictionary["image"] as? String ?? "n/a"
        url = URL(string: imageURLString)
        code = dictionary["code"] as? String ?? "n/a"
        value = dictionary["value"] as? String ?? "n/a"
        suit = dictionary["suit"] as? String ?? "n/a"
        self.apiClient = apiClient
    }

    /// Creates a card from the async client's typed card.
    ///
    /// - Parameters:
    ///   - info: the card as DeckClient's `DeckOfCardsClient` decodes it.
    ///   - apiClient: the client for the image download; by default the shared one.
    public convenience init(_ info: CardInfo, apiClient: CardAPIClient = .shared) {
        self.init(
            dictionary: ["image": info.image, "code": info.code, "value": info.value, "suit": info.suit],
            apiClient: apiClient)
    }

    /// The typed card value for ``code``, or `nil` when the code is not a card code.
    public var playingCard: PlayingCards.Card? { PlayingCards.Card(code: code) }

    /// Downloads the card's image and stores it in ``image``.
    ///
    /// - Parameter handler: called with `true` once ``image`` is set, `false` on failure, as
    ///   ``CardAPIClient/downloadImage(at:handler:)`` reports it: a card without a valid URL, a
    ///   failed download, or bytes that make no image.
    public func downloadImage(_ handler: @escaping @MainActor (Bool) -> Void) {
        guard let url else {
            handler(false)
            return
        }
        isDownloading = true
        apiClient.downloadImageData(at: url) { [self] success, data in
            self.isDownloading = false
            guard success, let data, let image = SeedImage.make(from: data) else {
                handler(false)
                return
            }
            self.imageData = data
            #if canImport(UIKit)
                self.image = image
            #else
                _ = image
            #endif
            handler(true)
        }
    }
}
