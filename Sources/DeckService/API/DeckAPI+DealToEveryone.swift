/// Parsing of the host's "deal to everyone" (`POST /api/deck/<id>/deal/`).
import TableCore

extension DeckAPI {
    /// The most cards "deal to everyone" gives each player: a whole deck of jokers included. More
    /// than the stack holds is refused by the deck itself; this bound keeps the product of count and
    /// players far from overflow.
    static let maximumDealToEveryone = 54

    /// `count=N`: how many cards each player gets, 1 to ``maximumDealToEveryone``.
    static func dealCount(_ parameters: APIParameters) throws(APIError) -> Int {
        guard let text = parameters["count"] else {
            throw .badRequest("Dealing to everyone needs the parameter 'count': how many cards each player gets.")
        }
        guard let count = Int(text), (1...maximumDealToEveryone).contains(count) else {
            throw .badRequest(
                "The parameter 'count' must be a whole number from 1 to " + String(maximumDealToEveryone) + ".")
        }
        return count
    }
}
