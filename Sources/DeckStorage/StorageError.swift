/// A failure of the deck store itself (not of a request): the database could not be opened, read
/// or written.
///
/// Its ``description`` is for logs only; clients get a generic JSON error, never a database message.
public struct StorageError: Error, CustomStringConvertible, Sendable {
    private enum Code: Sendable {
        case openFailed, readFailed, writeFailed, corruptDeck, idExhausted
    }

    private let code: Code
    /// What went wrong, for the operator's logs.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    package static func openFailed(_ detail: String) -> StorageError {
        StorageError(.openFailed, "cannot open store: " + detail)
    }
    package static func readFailed(_ detail: String) -> StorageError {
        StorageError(.readFailed, "cannot read: " + detail)
    }
    package static func writeFailed(_ detail: String) -> StorageError {
        StorageError(.writeFailed, "cannot write: " + detail)
    }
    package static func corruptDeck(_ id: String, _ detail: String) -> StorageError {
        StorageError(.corruptDeck, "deck " + id + " cannot be decoded: " + detail)
    }
    package static let idExhausted = StorageError(.idExhausted, "could not find an unused deck id")
}
