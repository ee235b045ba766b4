import HTTPTypes

/// A change's `If-Match`: the change number the deck must still be at for the change to be made.
///
/// Every answer about a deck carries `ETag: "<change number>"`; a client that sends that tag back
/// as `If-Match` on a change says "only if nobody has changed the deck since". The header holds
/// one entity tag, `"12"` or its weak form `W/"12"` (a proxy may weaken tags; the number is what
/// counts), or `*` (any state of an existing deck). Anything else, a list of tags or a repeated
/// header included, is a `400`: the deck's tags are only ever single change numbers, so a client
/// sending another is mistaken, and saying so beats a `412` it would wait on for ever.
///
/// The condition is checked inside the change's transaction, after the caller's token and role
/// (a caller who may not make the change hears that first), before the change runs. A mismatch
/// is a `412` with the deck as the caller may see it, and nothing changes.
package enum ChangePrecondition: Hashable, Sendable {
    /// `*`: the deck exists (it does, or the answer is a 404 first).
    case anyChangeNumber
    /// `"n"` or `W/"n"`.
    case changeNumber(Int64)

    /// The header.
    package static let headerName = HTTPField.Name.ifMatch

    /// Reads the header's value.
    ///
    /// - Parameter header: the `If-Match` value (repeated fields joined), or `nil`.
    /// - Returns: the condition, or `nil` when the request has none.
    /// - Throws: ``APIError/malformedIfMatch`` (400) for anything but one tag or `*`.
    package static func read(_ header: String?) throws(APIError) -> ChangePrecondition? {
        guard let header else { return nil }
        var text = Substring(header)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        if text == "*" { return .anyChangeNumber }
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        guard text.count >= 3, text.first == "\"", text.last == "\"" else { throw .malformedIfMatch }
        let digits = text.dropFirst().dropLast()
        // A change number as the deck's tags write it: no sign, no leading zero, at most Int64.
        guard digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            digits == "0" || digits.first != "0", let number = Int64(digits)
        else { throw .malformedIfMatch }
        return .changeNumber(number)
    }

    /// Whether a deck at `changeNumber` meets the condition.
    package func holds(atChangeNumber changeNumber: Int64) -> Bool {
        switch self {
        case .anyChangeNumber: true
        case .changeNumber(let expected): expected == changeNumber
        }
    }
}

extension APIError {
    package static let malformedIfMatch = APIError.badRequest(
        "If-Match must be one entity tag holding the deck's change number, such as \"12\" (the ETag of the "
            + "deck's answers; W/\"12\" is read alike), or *.")

    /// The `412` message; the body also carries the deck as the caller may see it.
    package static func preconditionFailed(expected: Int64, actual: Int64) -> String {
        "The deck is at change " + String(actual) + ", not " + String(expected) + " (If-Match): nothing was changed. "
            + "Look at the deck as it is now (in this answer) and send the change again with If-Match: \""
            + String(actual) + "\" if it still makes sense."
    }
}
