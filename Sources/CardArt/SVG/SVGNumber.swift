/// Formats coordinates for SVG path data: at most two decimals, no trailing zeros, no leading zero
/// before the point (`0.5` → `.5`), so paths stay short without Foundation's formatters.
enum SVGNumber {
    /// The shortest text for `value` rounded to hundredths.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        if hundredths == 0 { return "0" }
        var text = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if whole > 0 { text += String(whole) }
        if fraction > 0 {
            text += "."
            text += fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        }
        return text
    }
}
