/// Text from a server made safe for a terminal: display names are shown as text, never as
/// control sequences.
enum TerminalText {
    /// `text` with every control or invisible character (Unicode categories Cc, Cf, Zl, Zp, Co,
    /// Cs, Cn) written as a `\u{…}` escape, so no escape sequence, bidirectional override or
    /// line break reaches the terminal.
    static func escaped(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
