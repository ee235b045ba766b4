/// A request on a deck that cannot be carried out. Nothing changes when one is thrown.
///
/// The ``message`` is the exact text the Deck of Cards API answers with.
public struct DeckError: Error, Hashable, Sendable {
    /// What went wrong, as a value to switch over.
    public enum Kind: Hashable, Sendable {
        /// More than ``DeckComposition/maximumDeckCount`` copies were asked for.
        case tooManyDecks
        /// Fewer than ``DeckComposition/minimumDeckCount`` copies were asked for.
        case tooFewDecks
        /// The named pile does not exist.
        case pileNotFound
        /// The pile does not hold every card requested from it.
        case pileLacksCards
        /// More cards were asked of a pile than it holds.
        case notEnoughCards
        /// A count was negative.
        case negativeCount
        /// A pile name is empty, too long or has characters outside `[-a-zA-Z0-9_]`.
        case invalidPileName
        /// A new pile would be one more than ``DeckState/maximumPiles``.
        case tooManyPiles
        /// A named card is not in any place the caller can see (or not in the pile named as its
        /// source): someone else took it, or it never was there. The message is the same wherever
        /// the card really is.
        case cardNotThere
        /// A shuffle seed is empty or longer than ``SeededShuffle/maximumSeedBytes``.
        case invalidSeed
    }

    /// What went wrong.
    public let kind: Kind
    /// The message to show, the same as the public API's.
    public let message: String

    static let tooManyDecks = DeckError(kind: .tooManyDecks, message: "The max number of Decks is 20.")
    static let tooFewDecks = DeckError(kind: .tooFewDecks, message: "The min number of Decks is 1.")

    static func pileNotFound(_ name: String) -> DeckError {
        DeckError(kind: .pileNotFound, message: "The pile, " + name + " does not exist.")
    }

    static func pileLacksCards(_ name: String) -> DeckError {
        DeckError(kind: .pileLacksCards, message: "The pile, " + name + " does not contain the requested cards.")
    }

    static func notEnoughCards(requested: Int) -> DeckError {
        DeckError(
            kind: .notEnoughCards, message: "Not enough cards remaining to draw " + String(requested) + " additional")
    }

    static let negativeCount = DeckError(
        kind: .negativeCount, message: "The parameter 'count' must be a whole number of 0 or more.")

    static let tooManyPiles = DeckError(
        kind: .tooManyPiles,
        message: "A deck holds at most " + String(DeckState.maximumPiles) + " piles; this one has that many already.")

    static func cardNotThere(_ card: Card, pile: String?) -> DeckError {
        if let pile {
            return DeckError(
                kind: .cardNotThere,
                message: "The card " + card.code + " is not in the pile " + pile + " any more; nothing was moved.")
        }
        return DeckError(
            kind: .cardNotThere,
            message: "The card " + card.code + " is not there any more (it is in no place you can see); "
                + "nothing was moved.")
    }

    // A literal (kept equal to SeededShuffle.maximumSeedBytes by a test): `String(Int)` needs a 128-bit multiply
    // that the WebAssembly build of the seeded shuffle has no runtime for.
    static let invalidSeed = DeckError(kind: .invalidSeed, message: "A seed must be 1 to 256 bytes of text.")

    static let invalidPileName = DeckError(
        kind: .invalidPileName,
        message: "A pile name must be 1 to 64 characters from a-z, A-Z, 0-9, '-' and '_'.")
}
