/// A table request that cannot be carried out. Nothing changes when one is thrown.
public struct TableError: Error, Hashable, Sendable {
    /// What went wrong, as a value to switch over.
    public enum Kind: Hashable, Sendable {
        /// The name is already a player of the deck.
        case playerExists
        /// The table already seats ``TableState/maximumPlayers`` players.
        case tableFull
        /// The host has locked the table (``TableState/locked``): nobody new may join.
        case tableLocked
        /// The player name is not a valid pile name.
        case invalidPlayerName
        /// The player name is one the API gives a place (``TablePlayer/reservedNames``).
        case reservedPlayerName
        /// The token hash does not have ``TableState/tokenHashLength`` bytes.
        case invalidTokenHash
        /// A public pile of the player's name holds cards: joining never takes cards.
        case pileHoldsCards
        /// The deck already holds ``DeckState/maximumPiles`` piles, so no hand can be added.
        case tooManyPiles
        /// No player of that name is seated.
        case playerNotFound
        /// A display name longer than ``TablePlayer/maximumDisplayNameBytes`` bytes of UTF-8.
        case displayNameTooLong
        /// A seat order that is not a permutation of the seated players.
        case invalidSeatOrder
        /// Only public piles lie face up or face down, never a player's hand.
        case pileIsAHand
        /// A pile name is empty, too long or has characters outside `[-a-zA-Z0-9_]`.
        case invalidPileName
        /// Ending a round when none is open (no round started yet, or the latest is over).
        case noRoundOpen
        /// Adding entropy once a card of the round has left the stack.
        case roundAlreadyDealt
        /// A player's second contribution to a round's entropy.
        case entropyAlreadyAdded
    }

    /// What went wrong.
    public let kind: Kind
    /// A message for the API's error answer; it names no card and no token.
    public let message: String

    /// Creates an error of a kind with its standard message.
    ///
    /// - Parameter kind: what went wrong.
    public init(kind: Kind) {
        switch kind {
        case .playerExists: self = .playerExists("this name")
        case .tableFull: self = .tableFull
        case .tableLocked: self = .tableLocked
        case .invalidPlayerName: self = .invalidPlayerName
        case .reservedPlayerName: self = .reservedPlayerName("this name")
        case .invalidTokenHash: self = .invalidTokenHash
        case .pileHoldsCards: self = .pileHoldsCards("this name")
        case .tooManyPiles: self = .tooManyPiles
        case .playerNotFound: self = .playerNotFound("this name")
        case .displayNameTooLong: self = .displayNameTooLong
        case .invalidSeatOrder: self = .invalidSeatOrder
        case .pileIsAHand: self = .pileIsAHand("this pile")
        case .invalidPileName: self = .invalidPileName
        case .noRoundOpen: self = .noRoundOpen
        case .roundAlreadyDealt: self = .roundAlreadyDealt
        case .entropyAlreadyAdded: self = .entropyAlreadyAdded
        }
    }

    private init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    static func playerExists(_ name: String) -> TableError {
        TableError(kind: .playerExists, message: "The player " + name + " has already joined this deck.")
    }

    static let tableFull = TableError(
        kind: .tableFull,
        message: "This deck already has " + String(TableState.maximumPlayers) + " players, the most a deck seats.")

    static let tableLocked = TableError(
        kind: .tableLocked, message: "The host has locked this table: nobody new may join until it is unlocked.")

    static let invalidPlayerName = TableError(
        kind: .invalidPlayerName,
        message: "A player name must be 1 to 64 characters from a-z, A-Z, 0-9, '-' and '_'.")

    static func reservedPlayerName(_ name: String) -> TableError {
        TableError(
            kind: .reservedPlayerName,
            message: "The name " + name + " is what events call a place of every deck ("
                + TablePlayer.reservedNames.sorted().joined(separator: ", ")
                + "), in any case: choose another player name.")
    }

    static func pileHoldsCards(_ name: String) -> TableError {
        TableError(
            kind: .pileHoldsCards,
            message: "The public pile " + name + " holds cards, and joining never takes cards: choose another name.")
    }

    static let tooManyPiles = TableError(
        kind: .tooManyPiles,
        message: "A deck holds at most " + String(DeckState.maximumPiles) + " piles; this one has that many already.")

    static func playerNotFound(_ name: String) -> TableError {
        TableError(kind: .playerNotFound, message: "No player named " + name + " is seated at this deck.")
    }

    static let displayNameTooLong = TableError(
        kind: .displayNameTooLong,
        message: "A display name may be at most " + String(TablePlayer.maximumDisplayNameBytes)
            + " bytes of UTF-8.")

    static let invalidSeatOrder = TableError(
        kind: .invalidSeatOrder,
        message: "The seat order must name every seated player exactly once, separated by commas.")

    static func pileIsAHand(_ name: String) -> TableError {
        TableError(
            kind: .pileIsAHand,
            message: "The pile " + name + " is a player's hand: only public piles lie face up or face down.")
    }

    static let invalidPileName = TableError(
        kind: .invalidPileName, message: "A pile name must be 1 to 64 characters from a-z, A-Z, 0-9, '-' and '_'.")

    static let noRoundOpen = TableError(
        kind: .noRoundOpen,
        message: "No round is open: the host's full reshuffle (shuffle/ without remaining=true) starts one.")

    static let roundAlreadyDealt = TableError(
        kind: .roundAlreadyDealt,
        message: "Entropy is added before the round's first card leaves the stack; this round's has.")

    static let entropyAlreadyAdded = TableError(
        kind: .entropyAlreadyAdded, message: "You have added your entropy to this round already.")

    static let invalidTokenHash = TableError(kind: .invalidTokenHash, message: "A token hash must be 32 bytes.")
}
