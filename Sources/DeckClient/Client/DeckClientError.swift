/// An error from ``DeckOfCardsClient``: what kind it is, a message, and what the server said.
///
/// Compare ``code`` against the static codes to branch, and show ``message`` to people:
///
/// ```swift
/// do {
///     _ = try await client.deckInfo(deckID: "nosuchdeck00")
/// } catch let error as DeckClientError where error.code == .deckNotFound {
///     print(error.httpStatus ?? 0, error.serverMessage ?? "")   // 404 Deck ID does not exist.
/// }
/// ```
///
/// The code set may grow; match with `==` and keep a default branch.
public struct DeckClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of an error. New kinds may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Wrapped: Hashable, Sendable {
            case deckNotFound, pileNotFound, notEnoughCards, cardsNotInPile, serverRejected
            case unexpectedStatus, decodingFailed, transportFailed, timedOut, invalidRequest, cancelled
            case unauthorized, forbidden, playerTaken
            case preconditionFailed, idempotencyKeyReused
            case roundNotFound
        }

        private let wrapped: Wrapped

        private init(_ wrapped: Wrapped) { self.wrapped = wrapped }

        /// The server does not know the deck id (`404 Deck ID does not exist.`).
        public static let deckNotFound = Code(.deckNotFound)
        /// The server does not know the pile (`404 The pile, NAME does not exist.`).
        public static let pileNotFound = Code(.pileNotFound)
        /// A draw asked for more cards than there are (`Not enough cards remaining to draw N additional`).
        ///
        /// A main-deck over-draw is not thrown: it is a ``DrawResult`` with a ``DrawResult/shortfall``.
        public static let notEnoughCards = Code(.notEnoughCards)
        /// A pile draw named cards the pile does not hold, or an add named cards that are no longer
        /// where it said (in its `from` pile, or anywhere the caller can see on a live table):
        /// someone else took them first. Nothing moved.
        public static let cardsNotInPile = Code(.cardsNotInPile)
        /// The server answered `success: false` with another message (``serverMessage`` has it).
        public static let serverRejected = Code(.serverRejected)
        /// The server answered a status that is not the API's, with no API error body.
        public static let unexpectedStatus = Code(.unexpectedStatus)
        /// The body was not the JSON the endpoint promises; ``keyPath`` names the field.
        public static let decodingFailed = Code(.decodingFailed)
        /// No response arrived (connection refused or reset, DNS failure, …).
        public static let transportFailed = Code(.transportFailed)
        /// No response arrived within the configured timeout.
        public static let timedOut = Code(.timedOut)
        /// The request could not be built (such as an invalid pile name or base URL).
        public static let invalidRequest = Code(.invalidRequest)
        /// The calling task was cancelled.
        public static let cancelled = Code(.cancelled)
        /// The player token is unknown, malformed or of another deck (HTTP 401).
        public static let unauthorized = Code(.unauthorized)
        /// The request needs another player's token, such as drawing from someone else's hand (HTTP 403).
        public static let forbidden = Code(.forbidden)
        /// The name asked for in a join is already a player of the deck (HTTP 409).
        public static let playerTaken = Code(.playerTaken)
        /// The change's `If-Match` no longer matched: the deck changed since that change number,
        /// and nothing was changed (HTTP 412). ``DeckClientError/currentDeck`` shows the deck now.
        public static let preconditionFailed = Code(.preconditionFailed)
        /// The idempotency key was used before for another request, so nothing was done (HTTP 422).
        public static let idempotencyKeyReused = Code(.idempotencyKeyReused)
        /// The round asked for was never played on the deck or is no longer kept (HTTP 404 on a round's history),
        /// or the deck has no round yet (it has no players, or the host has not shuffled the whole deck since).
        public static let roundNotFound = Code(.roundNotFound)

        /// A short name for the code, such as `"deckNotFound"`.
        public var description: String {
            switch wrapped {
            case .deckNotFound: "deckNotFound"
            case .pileNotFound: "pileNotFound"
            case .notEnoughCards: "notEnoughCards"
            case .cardsNotInPile: "cardsNotInPile"
            case .serverRejected: "serverRejected"
            case .unexpectedStatus: "unexpectedStatus"
            case .decodingFailed: "decodingFailed"
            case .transportFailed: "transportFailed"
            case .timedOut: "timedOut"
            case .invalidRequest: "invalidRequest"
            case .cancelled: "cancelled"
            case .unauthorized: "unauthorized"
            case .forbidden: "forbidden"
            case .playerTaken: "playerTaken"
            case .preconditionFailed: "preconditionFailed"
            case .idempotencyKeyReused: "idempotencyKeyReused"
            case .roundNotFound: "roundNotFound"
            }
        }
    }

    /// The kind of error.
    public var code: Code
    /// A readable explanation: the server's message when there is one.
    public var message: String
    /// The HTTP status of the response, when one arrived.
    public var httpStatus: Int?
    /// The `error` text of the API's `{"success": false, "error": ...}` body, when there was one.
    public var serverMessage: String?
    /// For ``Code/decodingFailed``: the path of the offending field, such as `"piles.discard.remaining"`.
    public var keyPath: String?
    /// Whether the failure was in the network and trying again may succeed.
    public var isTransient: Bool
    /// For ``Code/preconditionFailed``: the deck as it is now, as the caller may see it, with its
    /// change number; `nil` otherwise (or when the answer did not include it).
    public var currentDeck: DeckSnapshot?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: the kind.
    ///   - message: a readable explanation.
    ///   - httpStatus: the response status, if any.
    ///   - serverMessage: the server's `error` text, if any.
    ///   - keyPath: the offending field for decoding errors.
    ///   - isTransient: whether trying again may succeed.
    ///   - currentDeck: for a failed precondition, the deck as it is now.
    public init(
        code: Code, message: String, httpStatus: Int? = nil, serverMessage: String? = nil, keyPath: String? = nil,
        isTransient: Bool = false, currentDeck: DeckSnapshot? = nil
    ) {
        self.currentDeck = currentDeck
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.serverMessage = serverMessage
        self.keyPath = keyPath
        self.isTransient = isTransient
    }

    /// The message, with the status when there is one, such as `"404: Deck ID does not exist."`.
    public var description: String {
        if let httpStatus { return "\(httpStatus): \(message)" }
        return message
    }

    /// The error for an API error body, its code read from the server's message.
    static func server(message: String, status: Int) -> DeckClientError {
        let code: Code
        if message == "Deck ID does not exist." {
            code = .deckNotFound
        } else if message.hasPrefix("The pile, ") && message.hasSuffix(" does not exist.") {
            code = .pileNotFound
        } else if message.hasPrefix("The pile, ") && message.hasSuffix("does not contain the requested cards.") {
            code = .cardsNotInPile
        } else if message.hasPrefix("The card ") && message.hasSuffix("; nothing was moved.") {
            code = .cardsNotInPile
        } else if message.hasPrefix("Not enough cards remaining") {
            code = .notEnoughCards
        } else if status == 401 {
            code = .unauthorized
        } else if status == 403 {
            code = .forbidden
        } else if status == 409 {
            code = .playerTaken
        } else if status == 412 {
            code = .preconditionFailed
        } else if status == 422 {
            code = .idempotencyKeyReused
        } else {
            code = .serverRejected
        }
        return DeckClientError(code: code, message: message, httpStatus: status, serverMessage: message)
    }
}
