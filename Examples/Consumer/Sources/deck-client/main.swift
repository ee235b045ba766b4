// Deals two cards from a Deck of Cards server (the first argument, by default riffle serve's address).
// DeckClient's API takes URLs, so this one imports Foundation.
import DeckClient
import Foundation

let server = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080"
guard let baseURL = URL(string: server) else { fatalError("deck-client: not a URL: \(server)") }
let client = DeckOfCardsClient(baseURL: baseURL)
let deck = try await client.newDeck(shuffled: true)
let hand = try await client.draw(deckID: deck.deckID, count: 2)
print("deck", deck.deckID, "drew", hand.cards.map(\.code), "remaining", hand.remaining)
guard hand.cards.count == 2, hand.remaining == 50 else { fatalError("deck-client: unexpected draw") }
