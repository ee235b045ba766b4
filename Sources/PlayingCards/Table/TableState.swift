/// What makes a deck a live table: its players, each with the hash of their secret token.
///
/// A deck without a table (``DeckState/table`` is `nil`) is a plain Deck of Cards deck: every pile
/// is public and no event is recorded. A deck becomes a table when its first player joins or its
/// events are first watched; from then on every change of it is recorded as an event numbered
/// with the deck's ``DeckState/changeNumber``.
///
/// A player's hand is the pile named after the player, which only that player sees. A table with
/// at least one player is *seated*: it changes only through its players, and the first player in
/// seat order (``host``) hosts it (see ``DeckState/isSeated``).
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

    /// The players, in seat order (the order they joined, less those who left).
    public internal(set) var players: [TablePlayer]

    /// Creates a table.
    ///
    /// - Parameter players: the players, in seat order.
    public init(players: [TablePlayer] = []) {
        self.players = players
    }

    /// The host: the first player in seat order, `nil` when nobody is seated. When the host
    /// leaves, the next player hosts.
    public var host: TablePlayer? { players.first }

    /// The player with a given name, if any.
    ///
    /// - Parameter name: a player's name.
    /// - Returns: the player, or `nil`.
    public func player(named name: String) -> TablePlayer? {
        players.first { $0.name == name }
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

/// A player of a live table: a name (also the name of the player's private pile) and the hash of
/// the player's token. The token itself is never stored.
public struct TablePlayer: Hashable, Sendable {
    /// The player's name, a valid pile name.
    public let name: String
    /// The SHA-256 of the player's token, ``TableState/tokenHashLength`` bytes.
    public let tokenHash: [UInt8]

    /// Creates a player.
    ///
    /// - Parameters:
    ///   - name: the player's name.
    ///   - tokenHash: the SHA-256 of the player's token.
    public init(name: String, tokenHash: [UInt8]) {
        self.name = name
        self.tokenHash = tokenHash
    }
}
