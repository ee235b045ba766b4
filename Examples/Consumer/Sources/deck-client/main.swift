// Deals two cards from a Deck of Cards server (the first argument, by default riffle serve's address), plays them to
// a pile at a live table and reads that change from the table's event stream.
// DeckClient's API takes URLs, so this one imports Foundation. It imports PlayingCards too, as an app that handles
// the cards does: `Card` (PlayingCards' value) and `DeckEvent` (the SDK's) need no module name.
import DeckClient
import Foundation
import PlayingCards

let server = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080"
guard let baseURL = URL(string: server) else { fatalError("deck-client: not a URL: \(server)") }
let client = DeckOfCardsClient(baseURL: baseURL)
let deck = try await client.newDeck(shuffled: true)
let hand = try await client.draw(deckID: deck.deckID, count: 2)
print("deck", deck.deckID, "drew", hand.cards.map(\.code), "remaining", hand.remaining)
guard hand.cards.count == 2, hand.remaining == 50 else { fatalError("deck-client: unexpected draw") }
let cards: [Card] = hand.cards.map(\.card)
guard cards.map(\.code) == hand.cards.map(\.code), Card(code: cards[0].code) == cards[0] else {
    fatalError("deck-client: the drawn cards are not the typed cards of their codes")
}

/// Joins the deck as a player, subscribes to its events, plays `cards` to the pile "centre" and returns the event
/// that reports it.
func playAndWatch(_ cards: [Card], deckID: String, client: DeckOfCardsClient) async throws -> DeckEvent {
    let seat = try await client.join(deckID: deckID, player: "ana")
    let ana = client.withPlayer(seat.token)
    var events = ana.events(deckID: deckID).makeAsyncIterator()
    // The change must come after the subscription, or it would be part of the hello instead of an event.
    guard let hello = try await events.next(), hello.kind == .hello else {
        fatalError("deck-client: the stream did not start with hello")
    }
    _ = try await ana.addToPile(deckID: deckID, pile: "centre", cards: cards)
    while let event = try await events.next() {
        if event.kind == .pileAdd { return event }
    }
    fatalError("deck-client: the event stream ended before the change")
}

// A bound on the wait for the events only (the server is already up): an answer that never comes fails the check
// instead of hanging it.
let deadline = Task {
    try await Task.sleep(for: .seconds(60))
    print("deck-client: no pile_add event within 60 s")
    exit(1)
}
let event: DeckEvent = try await playAndWatch(cards, deckID: deck.deckID, client: client)
deadline.cancel()
let played: [Card]? = event.moved.first { $0.to == "centre" }?.cards
print("event", event.id, event.kind, "moved", played?.map(\.code) ?? [])
guard played == cards else { fatalError("deck-client: the event does not show the cards played to a public pile") }
