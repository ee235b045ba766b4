/// A multiset of cards, counting copies, for taking cards out of a list without losing order.
struct DrawnCounts {
    private var counts = [Int](repeating: 0, count: 54)

    init<C: Sequence>(_ cards: C) where C.Element == Card {
        for card in cards { counts[Int(card.ordinal)] += 1 }
    }

    /// Takes one copy of `card` if there is one.
    mutating func take(_ card: Card) -> Bool {
        guard counts[Int(card.ordinal)] > 0 else { return false }
        counts[Int(card.ordinal)] -= 1
        return true
    }
}
