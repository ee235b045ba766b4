import Foundation

/// How a request that changes a deck is sent: its idempotency key, and a precondition on the deck.
///
/// Every change the client sends carries an `Idempotency-Key`. By default the client makes one
/// per call (a random UUID) and sends the same key on every resend of that call (see
/// ``RetryPolicy/resendsChanges``), so a change whose answer was lost and that is sent again is
/// made once by a server that honours the header, which answers the resend with the first
/// answer. Pass your own key to resend a change later yourself, such as from an outbox
/// kept across launches.
///
/// `If-Match` makes the change conditional: it is made only if the deck is still at the given
/// change number (the `ETag` of the deck's answers, or the ``DeckEvent/id`` of its latest event);
/// otherwise nothing changes and the call throws ``DeckClientError/Code/preconditionFailed`` with
/// the deck as it is now (``DeckClientError/currentDeck``).
///
/// ```swift
/// let take = DeckRequest.drawFromPile(deckID: id, pile: "centre", cards: [card])
///     .with(ChangeOptions(idempotencyKey: outboxEntry.key, ifMatch: lastSeenChange))
/// do {
///     let taken = try await client.decoded(take, as: PileDrawResult.self)
/// } catch let error as DeckClientError where error.code == .preconditionFailed {
///     show(error.currentDeck)                     // someone else moved first: nothing changed
/// }
/// ```
public struct ChangeOptions: Hashable, Sendable {
    /// The longest key the client sends, in characters.
    public static let maximumKeyLength = 128

    /// The `Idempotency-Key` to send, or `nil` for one the client makes for the call. A key is 16
    /// to 128 characters of `A-Z a-z 0-9 - _ . : ~` (a UUID is fine).
    public var idempotencyKey: String?
    /// The change number the deck must still be at for the change to be made (`If-Match`), or
    /// `nil` for no condition.
    public var ifMatch: Int?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - idempotencyKey: the key, or `nil` for one made per call.
    ///   - ifMatch: the change number the deck must be at, or `nil`.
    public init(idempotencyKey: String? = nil, ifMatch: Int? = nil) {
        self.idempotencyKey = idempotencyKey
        self.ifMatch = ifMatch
    }

    /// Whether `key` is a key the API accepts: 16 to 128 characters of `A-Z a-z 0-9 - _ . : ~`.
    ///
    /// - Parameter key: the key.
    /// - Returns: whether it is well formed.
    public static func isValidKey(_ key: String) -> Bool {
        (16...maximumKeyLength).contains(key.utf8.count)
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                    UInt8(ascii: ":"), UInt8(ascii: "~"):
                    true
                default:
                    false
                }
            }
    }

    /// A new random key (a UUID).
    ///
    /// - Returns: the key.
    public static func makeKey() -> String { UUID().uuidString.lowercased() }
}

extension DeckRequest {
    /// This request with `options` (for a request that changes state; a read ignores them).
    ///
    /// - Parameter options: the key and the precondition.
    /// - Returns: the request.
    public func with(_ options: ChangeOptions) -> DeckRequest {
        var request = self
        request.options = options
        return request
    }
}
