import DeckClient
import PlayingCards

/// The text the client commands print: aligned `key  value` tables, cards as corner labels with
/// suit symbols (`A♠  10♥  K♦`), and pile tables.
enum CardTableFormatter {
    /// A card as printed: rank label and suit symbol, such as `"10♥"`; jokers as `"X1★"` / `"X2★"`.
    static func label(_ card: PlayingCards.Card) -> String {
        switch card {
        case .standard(let rank, let suit): rank.label + suit.symbol
        case .joker: card.code + "★"
        }
    }

    /// Cards on one line, two spaces apart, or `-` for none.
    static func cardLine(_ cards: [CardInfo]) -> String {
        cards.isEmpty ? "-" : cards.map { label($0.card) }.joined(separator: "  ")
    }

    /// Rows of `key  value`, the keys padded to one width.
    static func table(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { key, value in key.padding(width) + "  " + value + "\n" }.joined()
    }

    /// A deck's state: id, remaining, shuffled.
    static func deckStatus(_ status: DeckStatus) -> String {
        table([
            ("deck", status.deckID), ("remaining", String(status.remaining)),
            ("shuffled", status.shuffled ? "yes" : "no"),
        ])
    }

    /// A draw (or the drawn list): the cards, how many, and what remains.
    static func draw(_ result: DrawResult, countLabel: String = "drawn") -> String {
        table([
            ("deck", result.deckID), ("cards", cardLine(result.cards)), (countLabel, String(result.cards.count)),
            ("remaining", String(result.remaining)),
        ])
    }

    /// A return: the deck and its remaining count.
    static func returned(_ result: ReturnResult) -> String {
        table([("deck", result.deckID), ("remaining", String(result.remaining))])
    }

    /// Pile add, list, shuffle and return: the deck, then one row per pile.
    static func pileState(_ state: PileState) -> String {
        table([("deck", state.deckID), ("remaining", String(state.remaining))]) + "\n" + piles(state.piles)
    }

    /// A pile draw: the cards taken, then the piles.
    static func pileDraw(_ result: PileDrawResult) -> String {
        var rows = [("deck", result.deckID), ("cards", cardLine(result.cards)), ("drawn", String(result.cards.count))]
        if let remaining = result.remaining { rows.append(("remaining", String(remaining))) }
        return table(rows) + "\n" + piles(result.piles)
    }

    /// A table of piles: name, count, and the cards of any pile whose cards are known; a player's
    /// hand whose cards are hidden from this caller says `(private)`.
    static func piles(_ piles: [PileSummary]) -> String {
        guard !piles.isEmpty else { return "no piles\n" }
        let nameWidth = max(4, piles.map(\.name.count).max() ?? 0)
        let countWidth = max(5, piles.map { String($0.remaining).count }.max() ?? 0)
        var text = "PILE".padding(nameWidth) + "  " + "COUNT".padding(countWidth) + "  CARDS\n"
        for pile in piles {
            let cards = pile.cards.map(cardLine) ?? (pile.isPrivate ? "(private)" : "")
            let row = pile.name.padding(nameWidth) + "  " + String(pile.remaining).padding(countWidth) + "  " + cards
            text += row.trimmingTrailingSpaces() + "\n"
        }
        return text
    }

    /// An error for standard error: the message, with the HTTP status when there was one.
    static func describe(_ error: DeckClientError) -> String {
        guard let status = error.httpStatus else { return error.message }
        return "\(error.message) (HTTP \(status))"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
