import Foundation
import PlayingCards

/// The Swift SDK for the Deck of Cards API: every endpoint as an `async` method with typed answers.
///
/// Works against `riffle serve` (the default address is the local server) and any other Deck of
/// Cards server.
///
/// ```swift
/// import DeckClient
///
/// let client = DeckOfCardsClient()                              // http://127.0.0.1:8080
/// let deck = try await client.newDeck(shuffled: true)
/// let hand = try await client.draw(deckID: deck.deckID, count: 5)
/// print(hand.cards.map(\.code), hand.remaining)                 // ["KH", "0S", …] 47
/// let png = try await client.downloadImage(at: hand.cards[0].imageURL!)
/// ```
///
/// Every method throws ``DeckClientError``: server errors carry the HTTP status and the server's
/// message; malformed bodies name the offending field. A main-deck draw of more cards than remain
/// is not thrown: see ``DrawResult/shortfall``. Only reads are retried (see ``RetryPolicy``).
///
/// The client is a value: copies share one image cache and one transport.
///
/// On a live table, ``join(deckID:player:)`` makes you a player and ``withPlayer(_:)`` gives a copy
/// that sends that player's token with every request, so it sees and moves the player's hidden hand;
/// ``events(deckID:token:lastEventID:)`` follows everything that happens to the deck.
public struct DeckOfCardsClient: Sendable {
    /// The settings the client was made with.
    public let configuration: DeckClientConfiguration
    /// The HTTP layer.
    public let transport: any HTTPTransport
    /// The player this client acts as (sent as `Authorization: Bearer`), or `nil` for nobody in
    /// particular. Set it with ``withPlayer(_:)``.
    public internal(set) var playerToken: PlayerToken?
    /// The image cache and in-flight downloads, shared by copies of the client.
    let images: ImageCache

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: server, timeout, retries and image cache settings.
    ///   - transport: the HTTP layer; by default ``URLSessionTransport``.
    public init(configuration: DeckClientConfiguration = DeckClientConfiguration(), transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
        self.images = ImageCache(
            memoryLimit: configuration.imageMemoryLimit, directory: configuration.imageCacheDirectory)
    }

    /// Creates a client over `URLSession`.
    ///
    /// - Parameter configuration: server, timeout, retries and image cache settings.
    public init(configuration: DeckClientConfiguration = DeckClientConfiguration()) {
        self.init(configuration: configuration, transport: URLSessionTransport())
    }

    /// Creates a client for a server with default settings otherwise.
    ///
    /// - Parameter baseURL: the server, such as `http://127.0.0.1:8080`.
    public init(baseURL: URL) {
        self.init(configuration: DeckClientConfiguration(baseURL: baseURL))
    }

    /// The absolute URL of a request, with a trailing slash, and its query string for `GET`.
    ///
    /// - Parameter request: the request.
    /// - Returns: the URL.
    /// - Throws: ``DeckClientError/Code/invalidRequest`` for an invalid pile name or base URL.
    public func url(for request: DeckRequest) throws -> URL {
        if request.pathSegments.count > 3, ["pile", "player"].contains(request.pathSegments[2]),
            !PileName.isValid(request.pathSegments[3])
        {
            let what = request.pathSegments[2] == "pile" ? "pile" : "player"
            throw DeckClientError(
                code: .invalidRequest, message: "\"\(request.pathSegments[3])\" is not a valid \(what) name.")
        }
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
        var path = configuration.baseURL.path
        if path.hasSuffix("/") { path.removeLast() }
        path += "/api/"
        for segment in request.pathSegments {
            path += (segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment) + "/"
        }
        guard var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false) else {
            throw DeckClientError(code: .invalidRequest, message: "The base URL \(configuration.baseURL) is invalid.")
        }
        components.percentEncodedPath = path
        components.queryItems = request.changesState || request.parameters.isEmpty ? nil : request.parameters
        guard let url = components.url else {
            throw DeckClientError(code: .invalidRequest, message: "Cannot build a URL for \(path).")
        }
        return url
    }

    /// The HTTP request for an API request: `GET` with a query string for reads, `POST` with a
    /// form-encoded body for requests that change state, with their `Idempotency-Key` and
    /// `If-Match` when their ``DeckRequest/options`` have them; with the player's token when the
    /// client has one (``withPlayer(_:)``).
    ///
    /// - Parameter request: the API request.
    /// - Returns: the HTTP request.
    /// - Throws: ``DeckClientError/Code/invalidRequest`` when no URL can be built or the
    ///   idempotency key is malformed (see ``ChangeOptions/isValidKey(_:)``).
    public func httpRequest(for request: DeckRequest) throws -> HTTPRequest {
        let url = try url(for: request)
        let timeout = configuration.timeout
        var headers = ["Accept": "application/json"]
        if let playerToken { headers["Authorization"] = playerToken.authorizationValue }
        guard request.changesState else {
            return HTTPRequest(method: "GET", url: url, headers: headers, timeout: timeout)
        }
        if let key = request.options.idempotencyKey {
            guard ChangeOptions.isValidKey(key) else {
                throw DeckClientError(
                    code: .invalidRequest,
                    message: "An idempotency key is 16 to 128 characters of A-Z a-z 0-9 - _ . : ~.")
            }
            headers["Idempotency-Key"] = key
        }
        if let changeNumber = request.options.ifMatch { headers["If-Match"] = "\"\(changeNumber)\"" }
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        var form = URLComponents()
        form.queryItems = request.parameters
        let body = Data((form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B").utf8)
        return HTTPRequest(method: "POST", url: url, headers: headers, body: body, timeout: timeout)
    }
}
