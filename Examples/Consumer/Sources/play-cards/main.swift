// Deals a hand with PlayingCards alone: no Foundation.
import PlayingCards

var generator = SeededRandomNumberGenerator(seed: 2026)
var deck = DeckState(composition: try DeckComposition(deckCount: 1), shuffled: true, using: &generator)
let hand = try deck.draw(count: 5).cards
_ = try deck.addToPile(named: "hand", cards: hand)
let played = try deck.drawFromPile(named: "hand", cards: [hand[0]])
_ = deck.returnCards(played)

print("hand", hand.map(\.code).joined(separator: " "), "remaining", deck.remaining)
guard hand.count == 5, deck.remaining == 48, deck.pile(named: "hand")?.cards.count == 4, deck.isConsistent else {
    fatalError("play-cards: the deck does not add up")
}
