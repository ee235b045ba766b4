/// What makes a deck a live table: its players, each with the hash of their secret token, their
/// seats, the host, and the turn marker.
///
/// A deck without a table (``DeckState/table`` is `nil`) is a plain Deck of Cards deck: every pile
/// is public and no event is recorded. A deck becomes a table when its first player joins or its
/// events are first watched; from then on every change of it is recorded as an event numbered
/// with the deck's ``DeckState/changeNumber``.
///
/// A player's hand is the pile named after the player, which only that player sees. A table with
/// at least one player is *seated*: it changes only through its players, and its ``host`` (the
/// first to join; when the host leaves, the next player in seat order) runs it (see
/// ``DeckState/isSeated``).
///
/// ```swift
/// var deck = DeckState(composition: DeckComposition(), shuffled: true)
/// try deck.join(player: "alice", tokenHash: hash)   // the pile "alice" is now private
/// ```
public struct TableState: Hashable, Sendable {
    /// The most players a table seats.
    public static let maximumPlayers = 64
    /// The length of a token hash in bytes (SHA-256).
    public static let tokenHashLength = 32

    /// The players, in seat order (the order they joined, less those who left, as the host may
    /// have reordered it).
    public internal(set) var players: [TablePlayer]
    /// The host's name: the first player to join; when the host leaves, the next player in seat
    /// order. `nil` when nobody is seated. Reordering the seats does not change it.
    public internal(set) var hostName: String?
    /// The name of the player who holds the turn marker, if anyone does.
    public internal(set) var turn: String?
    /// Whether only the turn holder may move cards (see ``DeckState/turnHolder(blocking:)``).
    public internal(set) var strictTurns: Bool
    /// Whether the host has locked the table: nobody new may join (see ``DeckState/setLocked(_:)``).
    public internal(set) var locked: Bool
    /// Each giver's latest gift that may still be taken back (see ``TableGift``), at most one per giver.
    public internal(set) var gifts: [TableGift]
    /// The table's latest round (see ``TableRound``), `nil` before the host's first full reshuffle.
    public internal(set) var round: TableRound?
    /// Whether a round's seed is revealed once the round is over (the host's choice, on by default): with it off,
    /// rounds keep their commitments but nobody can check them.
    public internal(set) var revealsRounds: Bool

    /// Creates a table.
    ///
    /// - Parameters:
    ///   - players: the players, in seat order.
    ///   - hostName: the host; by default the first player.
    ///   - turn: who holds the turn, if anyone.
    ///   - strictTurns: whether only the turn holder may move cards.
    ///   - locked: whether nobody new may join.
    ///   - gifts: the gifts that may still be taken back.
    ///   - round: the latest round, if any.
    ///   - revealsRounds: whether rounds' seeds are revealed once they are over.
    public init(
        players: [TablePlayer] = [], hostName: String? = nil, turn: String? = nil, strictTurns: Bool = false,
        locked: Bool = false, gifts: [TableGift] = [], round: TableRound? = nil, revealsRounds: Bool = true
    ) {
        self.players = players
        self.hostName = hostName ?? players.first?.name
        self.turn = turn
        self.strictTurns = strictTurns
        self.locked = locked
        self.gifts = gifts
        self.round = round
        self.revealsRounds = revealsRounds
    }

    /// The host (see ``hostName``), `nil` when nobody is seated.
    public var host: TablePlayer? {
        guard let hostName else { return players.first }
        return player(named: hostName) ?? players.first
    }

    /// The player with a given name, if any.
    ///
    /// - Parameter name: a player's name.
    /// - Returns: the player, or `nil`.
    public func player(named name: String) -> TablePlayer? {
        players.first { $0.name == name }
    }

    /// The seat (0-based position in seat order) of the player called `name`, if seated.
    ///
    /// - Parameter name: a player's name.
    /// - Returns: the seat, or `nil`.
    public func seat(of name: String) -> Int? {
        players.firstIndex { $0.name == name }
    }

    /// The player whose token hashes to `tokenHash`, if any.
    ///
    /// Every player's hash is compared in full, so the time taken does not tell how much of a
    /// guessed hash matched.
    ///
    /// - Parameter tokenHash: the SHA-256 of a token.
    /// - Returns: the player, or `nil` when no player has that token.
    public func player(withTokenHash tokenHash: [UInt8]) -> TablePlayer? {
        var found: TablePlayer?
        for player in players where Self.constantTimeEqual(player.tokenHash, tokenHash) { found = player }
        return found
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

/// A player of a live table: a name (also the name of the player's private pile), the name shown
/// to people, which servers hold one of the player's event streams open, and the hash of the
/// player's token. The token itself is never stored.
public struct TablePlayer: Hashable, Sendable {
    /// The longest display name stored, in bytes of UTF-8 (the service also limits its characters).
    public static let maximumDisplayNameBytes = 255
    /// The names events give the places of every deck (``CardLocation/eventName``): the stack is
    /// `deck`, the drawn cards `drawn`. No player may take one, in any case, so that a move
    /// `deck` → `drawn` always means the stack and the drawn cards.
    public static let reservedNames: Set<String> = [CardLocation.stack.eventName, CardLocation.drawn.eventName]

    /// Whether `name` is one of the ``reservedNames``, compared without regard to case.
    ///
    /// - Parameter name: a player name.
    /// - Returns: `true` when no player may take it.
    public static func isReservedName(_ name: String) -> Bool {
        reservedNames.contains(name.lowercased())
    }

    /// The most servers recorded as holding a player's streams; a player held by more is online
    /// all the same.
    public static let maximumPresenceHolders = 64

    /// The player's name, a valid pile name.
    public let name: String
    /// The SHA-256 of the player's token, ``TableState/tokenHashLength`` bytes.
    public let tokenHash: [UInt8]
    /// The name shown to people: any text (checked by the service), the ``name`` by default.
    public internal(set) var displayName: String
    /// The servers holding one of the player's event streams open, each by the number it chose
    /// for itself (in increasing order, each once); see ``DeckState/holdPresence(of:tokenHash:by:)``.
    public internal(set) var presenceHolders: [UInt64]

    /// Whether one of the player's event streams is open, on any server.
    public var online: Bool { !presenceHolders.isEmpty }

    /// Creates a player.
    ///
    /// - Parameters:
    ///   - name: the player's name.
    ///   - tokenHash: the SHA-256 of the player's token.
    ///   - displayName: the name shown to people; `nil` for `name`.
    ///   - presenceHolders: the servers holding the player's streams (none: offline).
    public init(name: String, tokenHash: [UInt8], displayName: String? = nil, presenceHolders: [UInt64] = []) {
        self.name = name
        self.tokenHash = tokenHash
        self.displayName = displayName ?? name
        self.presenceHolders = Array(Set(presenceHolders).sorted().prefix(Self.maximumPresenceHolders))
    }
}
