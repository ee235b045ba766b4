extension DeckOfCardsClient {
    /// Checks a round of a live table: reads the round's whole history (as this client's player, or as a spectator
    /// without a token) and checks that the revealed seed is the one committed to, that every card taken from the
    /// stack came from where the seed's order put it, and that the cards this player saw dealt into their own hand
    /// are among those cards, in order.
    ///
    /// ```swift
    /// let ana = client.withPlayer(seat.token)
    /// let verification = try await ana.verify(deckID: id, round: 1)
    /// print(verification.isVerified, verification.summary)
    /// ```
    ///
    /// A round whose seed is not revealed yet (still being played, or at a table that does not reveal seeds) is not
    /// an error: the result says that only the commitment is known (``RoundVerification/isRevealed`` is `false`).
    ///
    /// - Parameters:
    ///   - deckID: the deck id.
    ///   - round: the round's number, 1 or more; `nil` for the latest round the deck reports, or the one before
    ///     it while the latest is not revealed yet.
    /// - Returns: the verification.
    /// - Throws: ``DeckClientError``: ``DeckClientError/Code/roundNotFound`` when the deck has no such round (or
    ///   none at all), ``DeckClientError/Code/decodingFailed`` when the server's account of the round is malformed
    ///   or incomplete, ``DeckClientError/Code/invalidRequest`` for a round below 1, and the errors of
    ///   ``history(deckID:after:limit:round:)``.
    public func verify(deckID: String, round: Int? = nil) async throws -> RoundVerification {
        let number: Int
        if let round {
            guard round >= 1 else {
                throw DeckClientError(code: .invalidRequest, message: "A round's number is 1 or more, not \(round).")
            }
            number = round
        } else {
            number = try await latestCheckableRound(deckID: deckID)
        }
        var events: [DeckEvent] = []
        var record: RoundRecord?
        var viewer: String?
        var after = 0
        while true {
            let page = try await history(deckID: deckID, after: after, limit: 100, round: number)
            guard let pageRecord = page.round else {
                throw DeckClientError(
                    code: .decodingFailed,
                    message: "The server's history of round \(number) does not describe the round "
                        + "(a server without rounds ignores `round=`).",
                    keyPath: "round")
            }
            guard pageRecord.round.number == number else {
                throw DeckClientError(
                    code: .decodingFailed,
                    message: "Asked for round \(number), the server described round \(pageRecord.round.number).",
                    keyPath: "round.number")
            }
            events += page.events
            // The last page's account is the latest: a round revealed while its pages were read has its steps there,
            // and they cover the events of every page read before.
            record = pageRecord
            viewer = page.viewer
            guard page.hasMore, let last = page.events.last?.id, last > after else { break }
            after = last
        }
        guard let record else { throw DeckClientError(code: .decodingFailed, message: "No history was read.") }
        return try RoundVerification(deckID: deckID, record: record, events: events, viewer: viewer)
    }

    /// The round ``verify(deckID:round:)`` checks when none is named: the deck's latest, unless its seed is not
    /// revealed yet and an earlier one exists.
    private func latestCheckableRound(deckID: String) async throws -> Int {
        guard let latest = try await deckInfo(deckID: deckID).round else {
            throw DeckClientError(
                code: .roundNotFound,
                message: "Deck \(deckID) has no round yet: a round starts when the host of a table with players "
                    + "shuffles the whole deck.")
        }
        return !latest.isRevealed && latest.number > 1 ? latest.number - 1 : latest.number
    }
}
