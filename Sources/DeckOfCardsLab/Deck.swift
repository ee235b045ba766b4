import Foundation

/// The seed lab's deck: its state as the API reports it, the cards drawn so far, and
/// completion-handler methods to create a deck and draw from it.
///
/// ```swift
/// let deck = Deck()
/// deck.newDeck { ok in
///     deck.drawCards(numberOfCards: 2) { ok, cards in
///         cards?.first?.downloadImage { ok in /* cards![0].image is set */ }
///     }
/// }
/// ```
///
/// The properties are implicitly unwrapped optionals, as in the lab: they are `nil` until
/// ``newDeck(_:)`` has succeeded.
///
/// `Deck` is isolated to the main actor, which makes it `Sendable`: its mutable state is only
/// touched on the main actor, where its handlers also run. In a module that also imports
/// `PlayingCards`, no name clashes (`PlayingCards` has `DeckState`, not `Deck`).
@MainActor
public final class Deck {
    /// The `success` of the last new-deck answer.
    public var success: Bool!
    /// The deck id (`deck_id`).
    public var deckID: String!
    /// Whether the deck is shuffled.
    public var shuffled: Bool!
    /// How many cards are left in the stack.
    public var remaining: Int!
    /// Every card drawn through this object, in order.
    public var cards: [Card] = []
    /// The API client, by default ``CardAPIClient/shared``.
    public let apiClient: CardAPIClient

    /// The deck id under the lab's other name for it.
    public var id: String! { deckID }

    /// Creates a deck with no state yet; call ``newDeck(_:)``.
    ///
    /// - Parameter apiClient: the client to use; by default the shared one.
    public init(apiClient: CardAPIClient = .shared) {
        self.apiClient = apiClient
    }

    /// Asks the server for a new shuffled deck and takes on its state.
    ///
    /// - Parameter handler: called with `true` once the properties are set, `false` on failure.
    public func newDeck(_ handler: @escaping @MainActor (Bool) -> Void) {
        apiClient.newDeckShuffled { [self] json, _ in
            guard let json, let deckID = json["deck_id"] as? String else {
                handler(false)
                return
            }
            self.success = json["success"] as? Bool ?? true
            self.deckID = deckID
            self.shuffled = json["shuffled"] as? Bool ?? true
            self.remaining = json["remaining"] as? Int ?? 0
            self.cards = []
            handler(true)
        }
    }

    /// Draws cards, never asking for more than ``remaining``, and appends them to ``cards``.
    ///
    /// ``remaining`` then takes the server's answer, so draws that overlap, or other players
    /// drawing from the same deck, leave it right.
    ///
    /// - Parameters:
    ///   - count: how many cards to draw; clamped to ``remaining``.
    ///   - handler: called with `true` and ``cards`` (every card drawn so far, the new ones
    ///     last), or `false` and `nil` when there is no deck, no card left, or the request failed.
    public func drawCards(numberOfCards count: Int, handler: @escaping @MainActor (Bool, [Card]?) -> Void) {
        guard let deckID, let remaining else {
            handler(false, nil)
            return
        }
        let numberToDraw = min(count, remaining)
        guard numberToDraw > 0 else {
            handler(false, nil)
            return
        }
        apiClient.draw(deckID: deckID, count: numberToDraw) { [self] dictionaries, serverRemaining, _ in
            guard let dictionaries else {
                handler(false, nil)
                return
            }
            for dictionary in dictionaries {
                self.cards.append(Card(dictionary: dictionary, apiClient: self.apiClient))
            }
            // A new deck made meanwhile has its own count; this answer is about the old one.
            if self.deckID == deckID, let serverRemaining { self.remaining = serverRemaining }
            handler(true, self.cards)
        }
    }
}
