/// Reads an integer parameter the way the public API's Python `int()` reads a string.
///
/// Accepted: surrounding whitespace (ASCII `\t \n \v \f \r` and space, and the non-ASCII
/// spaces Python's `int()` turns into spaces, such as U+00A0 and U+3000), one
/// leading `+` or `-`, decimal digits of any script (`３` is 3, as in Python), and single
/// underscores between digits (`1_0` is 10). Values beyond `Int`'s range saturate at its bounds,
/// so a huge count is still a number that range checks then refuse.
///
/// ```swift
/// PythonInteger.parse(" +1_0\n")   // 10
/// PythonInteger.parse("1__0")       // nil
/// PythonInteger.parse("2.5")        // nil
/// ```
package enum PythonInteger {
    /// The integer `text` names, or `nil` when Python's `int()` would refuse it.
    ///
    /// - Parameter text: the parameter's value, already percent-decoded.
    /// - Returns: the value, saturated to `Int.min...Int.max`, or `nil`.
    /// - Complexity: O(*n*) in the length of `text`.
    package static func parse(_ text: String) -> Int? {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars.removeFirst()
        }
        var magnitude = 0
        var overflowed = false
        var previousWasDigit = false
        for scalar in scalars {
            if scalar == "_" {
                guard previousWasDigit else { return nil }
                previousWasDigit = false
                continue
            }
            guard let digit = decimalValue(scalar) else { return nil }
            previousWasDigit = true
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { overflowed = true } else { magnitude = sum }
        }
        guard previousWasDigit else { return nil }
        if overflowed { return negative ? Int.min : Int.max }
        return negative ? -magnitude : magnitude
    }

    /// The whitespace `int()` strips: C's `isspace` for ASCII (not the separators 0x1C–0x1F, which
    /// `str.isspace` counts) and Python's Unicode whitespace above ASCII.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
    }

    /// The value of a decimal digit of any script (Unicode category Nd), as Python reads it.
    private static func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
        if scalar.isASCII {
            guard scalar.value >= 0x30, scalar.value <= 0x39 else { return nil }
            return Int(scalar.value - 0x30)
        }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else {
            return nil
        }
        return Int(value)
    }
}
