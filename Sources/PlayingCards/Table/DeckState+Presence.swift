/// Who is online at a live table: a player is online while some server holds one of their event
/// streams open. Each server records its own hold under a number it chose for itself, so that
/// one server letting go (its last stream of the player closed, or it stopped) leaves the player
/// online while another still holds them, and the holds of a server that vanished can be taken
/// away by another (see the service's presence leases).
///
/// A hold names the player by name and token hash: a player removed and another seated under the
/// same name are two people, and a hold of the first never makes the second online.
extension DeckState {
    /// Records that `server` holds one of the player's streams open.
    ///
    /// - Parameters:
    ///   - name: the player's name.
    ///   - tokenHash: the hash of the token the stream was opened with.
    ///   - server: the holding server's number.
    /// - Returns: whether the player came online (nobody held them before). Nothing changes when
    ///   no player of that name holds that token, or `server` already holds them.
    @discardableResult
    public mutating func holdPresence(of name: String, tokenHash: [UInt8], by server: UInt64) -> Bool {
        guard var table, let seat = table.seat(of: name), table.players[seat].tokenHash == tokenHash else {
            return false
        }
        var holders = table.players[seat].presenceHolders
        guard !holders.contains(server), holders.count < TablePlayer.maximumPresenceHolders else { return false }
        let cameOnline = holders.isEmpty
        holders.append(server)
        holders.sort()
        table.players[seat].presenceHolders = holders
        self.table = table
        return cameOnline
    }

    /// Records that `server` holds none of the player's streams any more.
    ///
    /// - Parameters:
    ///   - name: the player's name.
    ///   - tokenHash: the hash of the token the stream was opened with.
    ///   - server: the server letting go.
    /// - Returns: whether the player went offline (`server` was the last to hold them). Nothing
    ///   changes when no player of that name holds that token, or `server` did not hold them.
    @discardableResult
    public mutating func releasePresence(of name: String, tokenHash: [UInt8], by server: UInt64) -> Bool {
        guard var table, let seat = table.seat(of: name), table.players[seat].tokenHash == tokenHash,
            let index = table.players[seat].presenceHolders.firstIndex(of: server)
        else { return false }
        table.players[seat].presenceHolders.remove(at: index)
        let wentOffline = table.players[seat].presenceHolders.isEmpty
        self.table = table
        return wentOffline
    }

    /// The players `server` holds, in seat order: what it must let go of when it stops or its
    /// holds are taken away.
    ///
    /// - Parameter server: a server's number.
    /// - Returns: each player's name and token hash.
    public func presenceHeld(by server: UInt64) -> [(name: String, tokenHash: [UInt8])] {
        (table?.players ?? []).filter { $0.presenceHolders.contains(server) }.map { ($0.name, $0.tokenHash) }
    }
}
