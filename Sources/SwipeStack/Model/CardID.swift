/// A card's stable identity: it never changes while the card exists, whatever happens to other cards.
///
/// Data-source indices shift on every insert and delete, and stack positions on every swipe, shift and undo; a
/// `CardID` does not. Key views, animations and host records by it (ZLSwipeableView #34, Shuffle's re-keying on
/// insert): inserting, deleting or moving other cards, swiping, undoing, redoing and reloading other cards'
/// content leave it unchanged. An identity is never reused, so one kept after its card was deleted (or after
/// ``SwipeStack/reloadData(count:)``, which gives every card a new identity) no longer matches any card:
///
/// ```swift
/// var stack = SwipeStack(numberOfCards: 3)
/// let first = stack.card(atIndex: 0)!
/// try stack.insertCard(atIndex: 0, position: 0)
/// stack.index(of: first)          // 1: renumbered, same card
/// try stack.deleteCards(atIndices: [1])
/// stack.index(of: first)          // nil: gone, and no later card gets `first`
/// ```
///
/// The raw value fits in 53 bits for the first two million reuses of a slot, so it survives the trip through a
/// JavaScript number (the wasm exports pass it as a double).
public struct CardID: Hashable, Comparable, Sendable {
    /// The identity as a number: the card's storage slot in the low 32 bits, that slot's generation above.
    public let rawValue: UInt64

    /// Re-creates an identity from ``rawValue`` (for example one a web page handed back).
    ///
    /// - Parameter rawValue: A value read from ``rawValue``.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    init(slot: Int, generation: UInt32) {
        rawValue = UInt64(generation) << 32 | UInt64(UInt32(truncatingIfNeeded: slot))
    }

    var slot: Int { Int(rawValue & 0xFFFF_FFFF) }
    var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 32) }

    /// Orders identities by raw value; the order means nothing beyond being stable.
    public static func < (lhs: CardID, rhs: CardID) -> Bool { lhs.rawValue < rhs.rawValue }
}
