/// One recorded change of a live table, as a store keeps it: the deck, the change's number and an
/// opaque payload that the service writes and reads (the store never looks inside).
///
/// Events are stored in the same transaction as the change they describe, so an acknowledged
/// change always has its event. A store keeps at least the last ``StoredDeckEvent/retainedCount``
/// events of each deck.
///
/// It is the record, not what a subscriber hears: the service renders it, for each subscriber, into
/// the event stream that DeckClient reads as its `DeckEvent`.
public struct StoredDeckEvent: Hashable, Sendable {
    /// How many of a deck's latest events a store keeps at least.
    public static let retainedCount: Int64 = 1_000

    /// The deck's id.
    public let deckID: String
    /// The change's number: 1 for a deck's first recorded change, then one more per change.
    public let number: Int64
    /// What the service recorded about the change.
    public let payload: [UInt8]

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - deckID: the deck's id.
    ///   - number: the change's number.
    ///   - payload: what the service records.
    public init(deckID: String, number: Int64, payload: [UInt8]) {
        self.deckID = deckID
        self.number = number
        self.payload = payload
    }
}

/// Called by a store each time events have been committed: the deck and the number of the latest
/// one. It must return quickly (it runs on the store's own thread or listener task).
public typealias DeckEventObserver = @Sendable (_ deckID: String, _ number: Int64) -> Void
