import Foundation

extension DeckOfCardsClient {
    /// Sends a request and decodes its answer as `Answer`.
    ///
    /// - Parameters:
    ///   - request: the API request.
    ///   - answer: the type of a successful answer.
    /// - Returns: the decoded answer.
    /// - Throws: ``DeckClientError``: the server's error, a decoding error naming the field, or a
    ///   transport failure.
    public func decoded<Answer: Decodable & Sendable>(
        _ request: DeckRequest, as answer: Answer.Type
    ) async throws
        -> Answer
    {
        let response = try await send(request)
        return try Self.decode(answer, from: response, mayDealShort: request.mayDealShort)
    }

    /// Decodes a raw response to a request, as the typed methods do.
    ///
    /// Use it after ``send(_:)`` when you want both the raw body and the typed answer (the CLI's
    /// `--json`).
    ///
    /// - Parameters:
    ///   - answer: the type of a successful answer, such as ``DrawResult``.
    ///   - response: the raw response.
    ///   - request: the request it answers (a main-deck draw may answer short).
    /// - Returns: the decoded answer.
    /// - Throws: ``DeckClientError``: the server's error or a decoding error naming the field.
    public static func decode<Answer: Decodable>(
        _ answer: Answer.Type, from response: HTTPResponse, for request: DeckRequest
    ) throws -> Answer {
        try decode(answer, from: response, mayDealShort: request.mayDealShort)
    }

    /// The `success` and `error` keys every answer has.
    private struct Envelope: Decodable {
        var success: Bool?
        var error: String?
    }

    /// Decodes a response: the API's error shape becomes a thrown ``DeckClientError``, except a
    /// short main-deck draw, which decodes as a ``DrawResult`` with its shortfall.
    ///
    /// - Parameters:
    ///   - answer: the type of a successful answer.
    ///   - response: the raw response.
    ///   - mayDealShort: whether a `success: false` answer with `cards` is a short draw.
    /// - Returns: the decoded answer.
    /// - Throws: ``DeckClientError``.
    static func decode<Answer: Decodable>(
        _ answer: Answer.Type, from response: HTTPResponse, mayDealShort: Bool = false
    ) throws -> Answer {
        let decoder = JSONDecoder()
        if let order = JSONKeyOrder.keys(ofObjectAt: "piles", in: response.body) {
            decoder.userInfo[.pileNameOrder] = order
        }
        let envelope: Envelope
        do {
            envelope = try decoder.decode(Envelope.self, from: response.body)
        } catch {
            guard (200..<300).contains(response.status) else {
                throw DeckClientError(
                    code: .unexpectedStatus,
                    message: "The server answered HTTP \(response.status) without an API error body.",
                    httpStatus: response.status)
            }
            throw decodingError(error, status: response.status)
        }
        let failed = envelope.success == false || !(200..<300).contains(response.status)
        if failed {
            let message = envelope.error ?? "The server answered HTTP \(response.status)."
            if mayDealShort, envelope.success == false, (200..<300).contains(response.status),
                let short = try? decoder.decode(Answer.self, from: response.body)
            {
                return short
            }
            var error = DeckClientError.server(message: message, status: response.status)
            if response.status == 412, var deck = try? decoder.decode(DeckSnapshot.self, from: response.body) {
                deck.changeNumber = response.changeNumber
                error.currentDeck = deck
            }
            throw error
        }
        do {
            return try decoder.decode(Answer.self, from: response.body)
        } catch {
            throw decodingError(error, status: response.status)
        }
    }

    /// A ``DeckClientError/Code/decodingFailed`` error naming the key path of a `DecodingError`.
    static func decodingError(_ error: any Error, status: Int) -> DeckClientError {
        guard let error = error as? DecodingError else {
            return DeckClientError(
                code: .decodingFailed, message: "The response body could not be decoded: \(error)", httpStatus: status)
        }
        let path: [any CodingKey]
        let detail: String
        switch error {
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            detail = "is missing"
        case .typeMismatch(let type, let context):
            path = context.codingPath
            detail = "is not of type \(type)"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            detail = "is null where \(type) is required"
        case .dataCorrupted(let context):
            path = context.codingPath
            detail = "is invalid: \(context.debugDescription)"
        @unknown default:
            path = []
            detail = "could not be decoded"
        }
        let keyPath = formatKeyPath(path)
        let subject = keyPath.isEmpty ? "The response body" : "The field `\(keyPath)`"
        return DeckClientError(
            code: .decodingFailed, message: "\(subject) \(detail).", httpStatus: status, keyPath: keyPath)
    }

    /// `["piles", "discard", "cards", 0, "code"]` → `"piles.discard.cards[0].code"`.
    static func formatKeyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}
