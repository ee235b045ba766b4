import PlayingCards

/// The rule for a player's display name: 1 to 32 characters of any script ("José", "山田",
/// "Zoë"), shown as text everywhere, without the white space around it; no control or invisible
/// character.
///
/// Refused (Unicode general categories): controls (Cc), format characters such as zero-width
/// spaces, joiners and direction overrides (Cf), line and paragraph separators (Zl, Zp), private
/// use (Co), surrogates (Cs) and unassigned code points (Cn), and U+FFFC and U+FFFD (the object
/// replacement and replacement characters). A name is also at most
/// ``TablePlayer/maximumDisplayNameBytes`` bytes of UTF-8, since one character may be made of
/// many combining marks.
enum DisplayName {
    /// The most characters (grapheme clusters) a display name holds.
    static let maximumCharacters = 32

    /// The display name `text` gives: trimmed of white space at both ends, and checked.
    ///
    /// - Parameter text: the `display_name` parameter as sent.
    /// - Returns: the name to store.
    /// - Throws: ``APIError`` 400 saying what is wrong: empty, too long, or a refused character
    ///   (named by its code point, never echoed).
    static func checked(_ text: String) throws(APIError) -> String {
        let trimmed = trimmingWhiteSpace(text)
        for scalar in trimmed.unicodeScalars where isRefused(scalar) {
            throw .badRequest(
                "A display name may not contain control or invisible characters; it contains "
                    + codePoint(scalar) + ".")
        }
        guard !trimmed.isEmpty else {
            throw .badRequest(
                "A display name must have 1 to " + String(maximumCharacters) + " characters; it is empty.")
        }
        guard trimmed.count <= maximumCharacters, trimmed.utf8.count <= TablePlayer.maximumDisplayNameBytes else {
            throw .badRequest(
                "A display name may have at most " + String(maximumCharacters) + " characters (and "
                    + String(TablePlayer.maximumDisplayNameBytes) + " bytes of UTF-8).")
        }
        return trimmed
    }

    /// Whether a code point is a control or invisible character that a display name refuses.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0xFFFC || scalar.value == 0xFFFD { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        default:
            return false
        }
    }

    private static func trimmingWhiteSpace(_ text: String) -> String {
        var view = Substring(text)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }

    /// `U+200B`: a code point as text that is safe to show anywhere.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
