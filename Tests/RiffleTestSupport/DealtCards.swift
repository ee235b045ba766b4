import PlayingCards
import Testing

/// Expects every card dealt from the stack to be held exactly once by the deck, in a pile or
/// among the drawn cards: none dealt twice, none lost.
///
/// - Parameters:
///   - dealt: the codes of every card the requests reported dealt.
///   - deck: the stored deck afterwards.
public func expectDealtCardsAreHeldOnce(
    _ dealt: [String], by deck: DeckState, sourceLocation: SourceLocation = #_sourceLocation
) {
    var dealtCounts: [String: Int] = [:]
    for code in dealt { dealtCounts[code, default: 0] += 1 }
    var heldCounts: [String: Int] = [:]
    for card in deck.drawn + deck.piles.flatMap(\.cards) { heldCounts[card.code, default: 0] += 1 }
    #expect(dealtCounts == heldCounts, sourceLocation: sourceLocation)
}
