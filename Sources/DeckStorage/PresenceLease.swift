/// A server's claim that it holds event streams of a deck's players open: the record that lets
/// other servers on the same database tell a server that still holds its players from one that
/// has gone.
///
/// A server records each player it holds in the deck itself (see
/// `DeckState.holdPresence(of:tokenHash:by:)`) and keeps a lease per deck in the store, which it
/// renews while it runs. A server that stops lets go of its players and deletes its leases; one
/// that crashes stops renewing, and once its leases have expired any server takes them
/// (``DeckStore/takeExpiredPresenceLeases(before:)``) and lets go of the players they held.
public struct PresenceLease: Hashable, Sendable {
    /// The holding server's number (chosen at random by the server; a new one when it finds its
    /// leases were taken).
    public let server: UInt64
    /// The deck at which it holds players.
    public let deckID: String

    /// Creates a lease's description.
    ///
    /// - Parameters:
    ///   - server: the holding server's number.
    ///   - deckID: the deck.
    public init(server: UInt64, deckID: String) {
        self.server = server
        self.deckID = deckID
    }
}
