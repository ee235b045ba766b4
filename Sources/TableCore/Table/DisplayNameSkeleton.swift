import Foundation

/// When two display names look alike: a compact form of Unicode's confusable *skeleton* (UTS #39,
/// section 4), so that no player can take a name that reads as another's. (Names equal but for
/// case are told apart by ``DisplayName/foldedKey(_:)``.)
///
/// The key of a name is: its canonical decomposition (NFD), without default-ignorable code points
/// (joiners, variation selectors, Hangul fillers), each code point mapped to the prototype it is
/// confused with, lower-cased, and mapped again (so that `I`, `l`, `1` and `|` all end up as `l`).
/// Two names with the same key are confusable.
///
/// What the table covers (a subset of Unicode's `confusables.txt`, the look-alikes that matter
/// for names typed on common keyboards):
/// - the Cyrillic and Greek letters that look like Latin ones, both cases (`а е о р с у х і ј ѕ`,
///   `А В Е К М Н О Р С Т Х`, `Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ`, `ο ν ρ ϲ`, …);
/// - Latin look-alikes: dotless `ı`, `ℓ`, `ǀ`, `|`, the digits `0` and `1`, and the pairs `rn`
///   (for `m`) and `vv` (for `w`);
/// - the fullwidth forms of ASCII letters and digits.
///
/// Marks are kept (after decomposition they follow their base letter), so `Zoë` and `Zoe` stay
/// apart while `Zoë` composed and decomposed, or with a Cyrillic `ё`, do not. Not covered: the
/// rest of `confusables.txt` (mathematical alphanumerics, look-alikes within other scripts, …).
package enum DisplayNameSkeleton {
    /// The key two names are compared by: equal keys are confusable names.
    ///
    /// - Parameter name: a display name.
    /// - Returns: its key.
    /// - Complexity: O(*n*) in the name's length.
    package static func key(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars
        where !scalar.properties.isDefaultIgnorableCodePoint {
            scalars.append(contentsOf: prototype(of: scalar).unicodeScalars)
        }
        var mapped = String.UnicodeScalarView()
        for scalar in String(scalars).lowercased().unicodeScalars {
            mapped.append(contentsOf: prototype(of: scalar).unicodeScalars)
        }
        return String(mapped)
    }

    /// The prototype a code point is confused with, or the code point itself.
    private static func prototype(of scalar: Unicode.Scalar) -> String {
        if let mapped = prototypes[scalar] { return mapped }
        // Fullwidth ASCII (U+FF01…U+FF5E) is ASCII shifted by 0xFEE0.
        if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
            return prototype(of: ascii)
        }
        return String(scalar)
    }

    /// The table: each look-alike and its prototype.
    private static let prototypes: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        func map(_ from: String, to prototype: String) {
            for scalar in from.unicodeScalars { table[scalar] = prototype }
        }
        // Cyrillic, lower case.
        map("а", to: "a")
        map("ԁ", to: "d")
        map("е", to: "e")
        map("һ", to: "h")
        map("і", to: "i")
        map("ӏ", to: "l")
        map("ј", to: "j")
        map("о", to: "o")
        map("р", to: "p")
        map("ԛ", to: "q")
        map("ѕ", to: "s")
        map("с", to: "c")
        map("у", to: "y")
        map("х", to: "x")
        map("ԝ", to: "vv")
        map("ь", to: "b")
        // Cyrillic, upper case.
        map("А", to: "A")
        map("В", to: "B")
        map("Е", to: "E")
        map("К", to: "K")
        map("М", to: "M")
        map("Н", to: "H")
        map("ІӀ", to: "l")
        map("Ј", to: "J")
        map("О", to: "O")
        map("Р", to: "P")
        map("С", to: "C")
        map("Ѕ", to: "S")
        map("Т", to: "T")
        map("УҮ", to: "Y")
        map("Х", to: "X")
        map("Ԛ", to: "Q")
        map("Ԝ", to: "W")
        // Greek.
        map("Α", to: "A")
        map("Β", to: "B")
        map("Ε", to: "E")
        map("Ζ", to: "Z")
        map("Η", to: "H")
        map("Ι", to: "l")
        map("Κ", to: "K")
        map("Μ", to: "M")
        map("Ν", to: "N")
        map("Ο", to: "O")
        map("Ρ", to: "P")
        map("Τ", to: "T")
        map("Υ", to: "Y")
        map("Χ", to: "X")
        map("ι", to: "i")
        map("ο", to: "o")
        map("ν", to: "v")
        map("ρ", to: "p")
        map("ϲ", to: "c")
        map("ϳ", to: "j")
        map("κ", to: "k")
        map("υ", to: "u")
        map("χ", to: "x")
        // Latin and common look-alikes.
        map("ı", to: "i")
        map("Iℓǀ|1", to: "l")
        map("0", to: "o")
        map("m", to: "rn")
        map("w", to: "vv")
        return table
    }()
}
