import HTTPTypes
import PlayingCards

/// Who is asking: a spectator (no token), or whoever holds a token, checked against the deck's
/// players when the deck is read.
///
/// Only requests that carry a token pay for reading it: ``init(authorization:queryToken:)`` looks at
/// nothing else.
package enum Caller: Sendable {
    /// No token: sees public things only.
    case spectator
    /// A well-formed token, by its SHA-256.
    case token(hash: [UInt8])
    /// A token that cannot be one (wrong scheme or shape): refused on every deck.
    case malformed

    /// Reads `Authorization: Bearer <token>`, or, when `allowsQueryToken` (the events endpoint,
    /// which a browser's `EventSource` reaches without headers), `token=` in the query.
    ///
    /// - Parameters:
    ///   - authorization: the `Authorization` header's value, if any.
    ///   - queryToken: the `token` query parameter, if any and allowed.
    package init(authorization: String?, queryToken: String? = nil) {
        if let authorization {
            guard let token = Self.bearerToken(in: authorization.utf8) else {
                self = .malformed
                return
            }
            self = TableToken.isWellFormed(token) ? .token(hash: TableToken.hash(token)) : .malformed
        } else if let queryToken {
            self = TableToken.isWellFormed(queryToken) ? .token(hash: TableToken.hash(queryToken)) : .malformed
        } else {
            self = .spectator
        }
    }

    /// The token of `Bearer <token>`: the scheme is the first word (after any spaces), in any case,
    /// then one space; the rest, without the spaces and tabs around it, is the token. `nil` for any
    /// other scheme or no token.
    ///
    /// Read as bytes, without splitting the header into strings: every seated request has one.
    private static func bearerToken(in header: String.UTF8View) -> Substring.UTF8View? {
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        var index = header.startIndex
        while index < header.endIndex, header[index] == space { header.formIndex(after: &index) }
        let schemeStart = index
        while index < header.endIndex, header[index] != space { header.formIndex(after: &index) }
        guard index < header.endIndex, isBearer(header[schemeStart..<index]) else { return nil }
        var start = header.index(after: index)
        var end = header.endIndex
        while start < end, header[start] == space || header[start] == tab { header.formIndex(after: &start) }
        while end > start, header[header.index(before: end)] == space || header[header.index(before: end)] == tab {
            header.formIndex(before: &end)
        }
        return start < end ? header[start..<end] : nil
    }

    /// Whether `scheme` is `Bearer`, in any case (ASCII letters only, as HTTP schemes are).
    private static func isBearer(_ scheme: Substring.UTF8View) -> Bool {
        scheme.count == 6
            && zip(scheme, "bearer".utf8).allSatisfy { byte, expected in byte | 0x20 == expected }
    }

    /// The player the caller is on `deck`: `nil` for a spectator.
    ///
    /// - Throws: ``APIError/invalidToken`` (401) for a malformed token or one that is not a
    ///   player's of this deck; the answer never repeats the token.
    package func player(on deck: DeckState) throws(APIError) -> String? {
        switch self {
        case .spectator:
            return nil
        case .malformed:
            throw .malformedToken
        case .token(let hash):
            guard let player = deck.table?.player(withTokenHash: hash) else { throw .invalidToken }
            return player.name
        }
    }
}

extension APIError {
    package static let malformedToken = APIError(
        status: .unauthorized,
        message: "The Authorization header must be 'Bearer <token>' with the token this deck gave when you joined.")
    package static let invalidToken = APIError(status: .unauthorized, message: "The token is not valid for this deck.")

    package static func notYourPile(_ pile: String) -> APIError {
        APIError(
            status: .forbidden,
            message: "The pile " + pile + " is a player's private hand: only that player's token may draw from, "
                + "return or shuffle it.")
    }
}
