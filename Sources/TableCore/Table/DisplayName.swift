import Foundation
import PlayingCards

/// The rule for a player's display name: 1 to 32 characters of any script ("José", "山田",
/// "Zoë", "علی‌رضا", "ශ්‍රී", "🏳️‍🌈"), stored in Unicode's composed form (NFC), shown as text
/// everywhere, without the white space around it, and never blank or confusable with another
/// player's.
///
/// Refused:
/// - control and invisible characters (Unicode general categories Cc, Cf, Zl, Zp, Co, Cs, Cn),
///   U+FFFC and U+FFFD (the object replacement and replacement characters), the Hangul fillers
///   (U+115F, U+1160, U+3164, U+FFA0), the Braille blank (U+2800) and the Khmer inherent vowels
///   (U+17B4, U+17B5), which all render as nothing;
/// - except where a script or an emoji needs them: a zero-width joiner or non-joiner (U+200D,
///   U+200C) between two characters, one of a script that uses joiners (U+0590 on: not Latin,
///   Greek, Cyrillic or Armenian), and a variation selector, Mongolian variation selector,
///   combining grapheme joiner (U+034F) or tag character after another character;
/// - a name with nothing visible in it (only marks and such characters);
/// - a character with more than ``maximumMarksPerCharacter`` combining marks;
/// - more than ``maximumCharacters`` characters, or `TablePlayer.maximumDisplayNameBytes` bytes.
///
/// Two players' display names may not be equal once normalised and case-folded (``foldedKey(_:)``),
/// nor confusable (``DisplayNameSkeleton``); the service checks that against the table.
package enum DisplayName {
    /// The most characters (grapheme clusters) a display name holds.
    package static let maximumCharacters = 32
    /// The most combining marks one character (grapheme cluster) of a display name carries:
    /// enough for any script's letters (Vietnamese stacks two, Sinhala and Devanagari clusters a
    /// few), not for a tower of marks that draws over its neighbours.
    package static let maximumMarksPerCharacter = 4

    /// The display name `text` gives: trimmed of white space at both ends, composed (NFC), and
    /// checked.
    ///
    /// - Parameter text: the `display_name` parameter as sent.
    /// - Returns: the name to store.
    /// - Throws: ``APIError`` 400 saying what is wrong: empty, blank, too long, too many marks, or
    ///   a refused character (named by its code point, never echoed).
    package static func checked(_ text: String) throws(APIError) -> String {
        let trimmed = trimmingWhiteSpace(text).precomposedStringWithCanonicalMapping
        let scalars = Array(trimmed.unicodeScalars)
        for index in scalars.indices where !isAllowed(scalars, at: index) {
            throw .badRequest(
                "A display name may not contain control or invisible characters; it contains "
                    + codePoint(scalars[index]) + ".")
        }
        guard !trimmed.isEmpty else {
            throw .badRequest(
                "A display name must have 1 to " + String(maximumCharacters) + " characters; it is empty.")
        }
        guard scalars.contains(where: isVisible) else {
            throw .badRequest("A display name must show something; this one would look blank.")
        }
        guard trimmed.count <= maximumCharacters, trimmed.utf8.count <= TablePlayer.maximumDisplayNameBytes else {
            throw .badRequest(
                "A display name may have at most " + String(maximumCharacters) + " characters (and "
                    + String(TablePlayer.maximumDisplayNameBytes) + " bytes of UTF-8).")
        }
        for character in trimmed where marks(in: character) > maximumMarksPerCharacter {
            throw .badRequest(
                "A character of a display name may carry at most " + String(maximumMarksPerCharacter)
                    + " combining marks.")
        }
        return trimmed
    }

    /// The key two display names are equal by once normalised (NFC) and case-folded.
    package static func foldedKey(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
    }

    /// Whether `name` may be taken beside `others` (the other players' display names): neither
    /// equal to one once case-folded nor confusable with one.
    ///
    /// - Returns: the display name it clashes with, if any.
    package static func clash(of name: String, with others: some Sequence<String>) -> String? {
        let folded = foldedKey(name)
        let skeleton = DisplayNameSkeleton.key(name)
        return others.first { foldedKey($0) == folded || DisplayNameSkeleton.key($0) == skeleton }
    }

    /// Whether the code point at `index` may stand there (see the type's rule).
    package static func isAllowed(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        let value = scalar.value
        let hasBase = index > 0 && !scalars[index - 1].properties.isWhitespace
        switch value {
        case 0x200C, 0x200D:
            // A joiner joins two characters of a script or emoji that uses joiners (none before
            // U+0590: not Latin, Greek, Cyrillic or Armenian): not first or last, not beside another.
            guard hasBase, index + 1 < scalars.count else { return false }
            let next = scalars[index + 1]
            return next.value != 0x200C && next.value != 0x200D && isVisible(next)
                && max(scalars[index - 1].value, next.value) >= 0x0590
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F, 0x034F, 0xE0020...0xE007F:
            return hasBase
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x17B4, 0x17B5, 0xFFFC, 0xFFFD:
            return false
        default:
            return !isRefusedCategory(scalar)
        }
    }

    /// Whether a code point draws something on its own: not white space, not invisible, not a
    /// mark (which needs a base), not blank.
    package static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard !properties.isWhitespace, !properties.isDefaultIgnorableCodePoint, !isRefusedCategory(scalar) else {
            return false
        }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return false
        default: return scalar.value != 0x2800
        }
    }

    /// Whether a code point is of a category a display name refuses: control, format, line and
    /// paragraph separators, private use, surrogates and unassigned.
    package static func isRefusedCategory(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            true
        default:
            false
        }
    }

    /// The combining marks (Mn, Mc, Me) of one character.
    private static func marks(in character: Character) -> Int {
        character.unicodeScalars.reduce(0) { count, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: count + 1
            default: count
            }
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
