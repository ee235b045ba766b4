import Crypto
import DeckStorage
import HTTPTypes

/// A changing request's `Idempotency-Key`, checked, and what identifies the request it comes with:
/// what a store needs to run the request once (`DeckStore.updateOnce(deckID:now:key:_:)`,
/// `DeckStore.insertOnce(_:now:key:answer:)`).
///
/// A key is 16 to 128 characters of `A-Z a-z 0-9 - _ . : ~` (a UUID is fine), sent bare or as a
/// quoted string (`Idempotency-Key: "…"`, the form of the IETF draft); anything else, repeated
/// headers included, is a `400`. The same key with the same request (method, path, parameters
/// and caller) is the same request; with another, it is another request (`422`).
///
/// A deck's keys are its own. Keys of new decks share one scope, qualified by the client's
/// address, so that a key another client happens to choose never returns this client's deck.
/// What the store keeps of a key, a request and its answer is sealed (``AnswerSeal``).
package struct RequestIdempotency: Sendable, Hashable {
    /// The header.
    package static let headerName = HTTPField.Name("Idempotency-Key")!
    /// The shortest key accepted, in characters: long enough that a key chosen at random is not
    /// guessed.
    package static let minimumLength = 16
    /// The longest key accepted, in characters.
    package static let maximumLength = 128

    /// The key as the client sent it (without quotes).
    package let key: String

    /// Reads the header's value.
    ///
    /// - Parameter header: the `Idempotency-Key` value (repeated fields joined), or `nil`.
    /// - Returns: the key, or `nil` when the request has none.
    /// - Throws: ``APIError/malformedIdempotencyKey`` (400) for anything but a well-formed key.
    package static func read(_ header: String?) throws(APIError) -> RequestIdempotency? {
        guard let header else { return nil }
        var text = Substring(header)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        guard (minimumLength...maximumLength).contains(text.utf8.count), text.utf8.allSatisfy(isKeyByte) else {
            throw .malformedIdempotencyKey
        }
        return RequestIdempotency(key: String(text))
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: ":"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// SHA-256 over the method, the path, the parameters as the request is read (sorted by name,
    /// so order and repeats that read the same do not count) and who the caller is, each field
    /// length-prefixed so that no two requests encode alike.
    package static func fingerprint(
        method: HTTPRequest.Method, path: String, parameters: APIParameters, caller: Caller
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        func field(_ part: some Collection<UInt8>) {
            let count = UInt32(truncatingIfNeeded: part.count)
            bytes += [
                UInt8(count >> 24 & 0xff), UInt8(count >> 16 & 0xff), UInt8(count >> 8 & 0xff), UInt8(count & 0xff),
            ]
            bytes += part
        }
        field(method.rawValue.utf8)
        field(path.utf8)
        let pairs = parameters.sortedPairs
        field(String(pairs.count).utf8)
        for (name, value) in pairs {
            field(name.utf8)
            field(value.utf8)
        }
        switch caller {
        case .spectator: field("spectator".utf8)
        case .malformed: field("malformed".utf8)
        case .token(let hash):
            field("player".utf8)
            field(hash)
        }
        return Array(SHA256.hash(data: bytes))
    }
}

extension APIError {
    package static let malformedIdempotencyKey = APIError.badRequest(
        "Idempotency-Key must be 16 to 128 characters of A-Z a-z 0-9 - _ . : ~ (such as a UUID), sent once.")
    package static let idempotencyKeyReused = APIError(
        status: .unprocessableContent,
        message: "This Idempotency-Key was already used for another request (another method, path, parameters "
            + "or player); nothing was done. Use a new key for a new request.")
}
