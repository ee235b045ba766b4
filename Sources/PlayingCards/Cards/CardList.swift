/// Parsing and formatting of comma-separated card lists, as the `cards=` parameter carries them.
public enum CardList {
    /// Parses a comma-separated list of card codes the way the Deck of Cards API does.
    ///
    /// The text is split on `,` with no trimming; codes are case-insensitive; unknown codes are
    /// dropped silently; duplicates are kept in order.
    ///
    /// - Parameter text: such as `"AS,2s,KH"`.
    /// - Returns: the cards named, in order.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func parse<S: StringProtocol>(_ text: S) -> [Card] {
        text.split(separator: ",", omittingEmptySubsequences: true).compactMap { Card(code: $0) }
    }

    /// Counts the comma-separated items in a list without parsing them.
    ///
    /// - Parameter text: a comma-separated list.
    /// - Returns: the number of non-empty items.
    public static func itemCount<S: StringProtocol>(_ text: S) -> Int {
        text.split(separator: ",", omittingEmptySubsequences: true).count
    }

    /// Joins cards' codes with commas, such as `"AS,2S"`.
    ///
    /// - Parameter cards: the cards to format.
    /// - Returns: their codes joined by `,`.
    public static func format<C: Sequence>(_ cards: C) -> String where C.Element == Card {
        var result = ""
        for card in cards {
            if !result.isEmpty { result += "," }
            result += card.code
        }
        return result
    }
}
