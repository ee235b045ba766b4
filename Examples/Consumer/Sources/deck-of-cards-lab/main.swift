// The Deck of Cards lab's flow with its own names: a shuffled Deck, two Cards drawn, an image downloaded, against a
// server (the first argument, by default riffle serve's address). The lab's handlers run on the main actor, where
// top-level code runs too.
import DeckOfCardsLab
import Foundation

let server = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080"
guard let baseURL = URL(string: server) else { fatalError("deck-of-cards-lab: not a URL: \(server)") }
CardAPIClient.shared = CardAPIClient(baseURL: baseURL)

let deck = Deck()
let created = await withCheckedContinuation { done in deck.newDeck { ok in done.resume(returning: ok) } }
guard created, deck.remaining == 52 else { fatalError("deck-of-cards-lab: newDeck failed") }
let drawn: [Card]? = await withCheckedContinuation { done in
    deck.drawCards(numberOfCards: 2) { ok, cards in done.resume(returning: ok ? cards : nil) }
}
guard let drawn, drawn.count == 2, deck.remaining == 50 else { fatalError("deck-of-cards-lab: drawCards failed") }
let card = drawn[0]
let downloaded = await withCheckedContinuation { done in card.downloadImage { ok in done.resume(returning: ok) } }
guard downloaded, card.imageData?.isEmpty == false, card.playingCard != nil else {
    fatalError("deck-of-cards-lab: downloadImage failed for \(card.imageURLString)")
}
print(
    "deck", deck.deckID ?? "?", "drew", drawn.map(\.code), "remaining", deck.remaining ?? -1, "image of", card.code,
    card.imageData?.count ?? 0, "bytes")
