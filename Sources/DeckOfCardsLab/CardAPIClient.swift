import DeckClient
import Foundation

#if canImport(UIKit)
    import UIKit
#endif

/// The seed lab's API client: a `shared` singleton with `newDeckShuffled`, `drawCards` and
/// `downloadImage(at:handler:)`, answering through completion handlers.
///
/// It is a thin layer over DeckClient's `DeckOfCardsClient`, kept for people following the Deck of
/// Cards lab; new code should use `DeckOfCardsClient` directly. Handlers are called on the main
/// actor, as UIKit code expects, with the JSON as `[String: Any]` as the lab describes.
///
/// ```swift
/// CardAPIClient.shared.newDeckShuffled { json, error in
///     let deckID = json?["deck_id"] as? String
/// }
/// ```
///
/// `CardAPIClient` is `Sendable`: it holds only the (Sendable) async client.
///
/// ``shared`` talks to `$RIFFLE_SERVER` when that names a server, else to the local server; set it
/// once at launch to talk to any other server, the public one included:
///
/// ```swift
/// CardAPIClient.shared = CardAPIClient(baseURL: URL(string: "https://deckofcardsapi.com")!)
/// let deck = Deck()   // uses the server above
/// ```
public struct CardAPIClient: Sendable {
    /// The environment variable naming the server ``shared`` starts with: `RIFFLE_SERVER`, the
    /// variable the `riffle` command line also reads.
    public static let serverEnvironmentVariable = "RIFFLE_SERVER"

    /// The client the lab's `Deck` and `Card` use unless given another.
    ///
    /// It starts as a client for ``defaultServer(environment:)``: `$RIFFLE_SERVER` when that is an
    /// `http` or `https` URL, else `DeckClientConfiguration.defaultBaseURL`. Setting it, once at
    /// launch before decks and cards are made, points every later default `Deck()` and `Card` at
    /// another server; objects already made keep the client they were made with. Reading and
    /// setting are thread-safe.
    public static var shared: CardAPIClient {
        get { SharedCardAPIClient.storage.client }
        set { SharedCardAPIClient.storage.client = newValue }
    }

    /// The server ``shared`` starts with for an environment.
    ///
    /// - Parameter environment: the process environment; by default this process's.
    /// - Returns: `RIFFLE_SERVER` when it is an `http` or `https` URL with a host (surrounding
    ///   whitespace ignored), else `DeckClientConfiguration.defaultBaseURL`.
    public static func defaultServer(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        guard let text = environment[serverEnvironmentVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return DeckClientConfiguration.defaultBaseURL }
        return url
    }

    /// The async client underneath.
    public let client: DeckOfCardsClient

    /// Creates a client over an async client.
    ///
    /// - Parameter client: the async client; by default one for the local server.
    public init(client: DeckOfCardsClient = DeckOfCardsClient()) {
        self.client = client
    }

    /// Creates a client for a server.
    ///
    /// - Parameter baseURL: the server, such as `https://deckofcardsapi.com`.
    public init(baseURL: URL) {
        self.init(client: DeckOfCardsClient(baseURL: baseURL))
    }

    /// Creates a new shuffled deck (`/api/deck/new/shuffle/?deck_count=N`).
    ///
    /// - Parameters:
    ///   - deckCount: how many decks to combine.
    ///   - handler: called on the main actor with the response dictionary
    ///     (`success`, `deck_id`, `shuffled`, `remaining`), or `nil` and the error.
    public func newDeckShuffled(
        deckCount: Int = 1, handler: @escaping @MainActor ([String: Any]?, DeckClientError?) -> Void
    ) {
        let client = self.client
        Task { @MainActor in
            do {
                let request = DeckRequest.newDeck(shuffled: true, deckCount: deckCount)
                let response = try await client.send(request)
                _ = try DeckOfCardsClient.decode(DeckStatus.self, from: response, for: request)
                handler(Self.jsonObject(response.body), nil)
            } catch {
                handler(nil, DeckClientError.wrapping(error))
            }
        }
    }

    /// Draws cards from a deck (`/api/deck/<id>/draw/?count=N`).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - count: how many cards.
    ///   - handler: called on the main actor with the array of card dictionaries (`image`,
    ///     `value`, `suit`, `code`, `images`). When fewer cards remained than asked for, the
    ///     cards that were dealt come with a `DeckClientError.Code.notEnoughCards` error.
    public func drawCards(
        deckID: String, count: Int, handler: @escaping @MainActor ([[String: Any]]?, DeckClientError?) -> Void
    ) {
        draw(deckID: deckID, count: count) { cards, _, error in handler(cards, error) }
    }

    /// Draws cards and hands over the server's `remaining` too, for ``Deck``.
    func draw(
        deckID: String, count: Int, handler: @escaping @MainActor ([[String: Any]]?, Int?, DeckClientError?) -> Void
    ) {
        let client = self.client
        Task { @MainActor in
            do {
                // A main-deck draw may deal short: `decode` then answers a result with a shortfall, not an error.
                let request = DeckRequest.draw(deckID: deckID, count: count)
                let response = try await client.send(request)
                let draw = try DeckOfCardsClient.decode(DrawResult.self, from: response, for: request)
                let cards = Self.jsonObject(response.body)?["cards"] as? [[String: Any]] ?? []
                let shortfall = draw.shortfall.map {
                    DeckClientError(code: .notEnoughCards, message: $0, httpStatus: response.status, serverMessage: $0)
                }
                handler(cards, draw.remaining, shortfall)
            } catch {
                handler(nil, nil, DeckClientError.wrapping(error))
            }
        }
    }

    /// Downloads image bytes, through the async client's image cache.
    ///
    /// - Parameters:
    ///   - url: the image URL.
    ///   - handler: called on the main actor with `true` and the bytes, or `false` and `nil`.
    public func downloadImageData(at url: URL, handler: @escaping @MainActor (Bool, Data?) -> Void) {
        let client = self.client
        Task { @MainActor in
            do {
                let data = try await client.downloadImage(at: url)
                handler(true, data)
            } catch {
                handler(false, nil)
            }
        }
    }

    #if canImport(UIKit)
        /// Downloads an image, as the lab describes: `handler(true, image)` on success.
        ///
        /// - Parameters:
        ///   - url: the image URL.
        ///   - handler: called on the main actor with `true` and the image, or `false` and `nil`
        ///     when the download failed or its bytes make no image.
        public func downloadImage(at url: URL, handler: @escaping @MainActor (Bool, UIImage?) -> Void) {
            downloadImageData(at: url) { success, data in
                let image = data.flatMap(SeedImage.make(from:))
                handler(success && image != nil, image)
            }
        }
    #else
        /// Downloads an image, as the lab describes: `handler(true, bytes)` on success. Without UIKit
        /// the image is its bytes, which must be an image file (PNG, JPEG, GIF, WebP or SVG).
        ///
        /// - Parameters:
        ///   - url: the image URL.
        ///   - handler: called on the main actor with `true` and the bytes, or `false` and `nil`
        ///     when the download failed or its bytes are not an image.
        public func downloadImage(at url: URL, handler: @escaping @MainActor (Bool, Data?) -> Void) {
            downloadImageData(at: url) { success, data in
                let image = data.flatMap(SeedImage.make(from:))
                handler(success && image != nil, image)
            }
        }
    #endif

    static func jsonObject(_ body: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
