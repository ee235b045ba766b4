import PlayingCards

/// A live table's people as its events show them: the players in seat order with their display
/// names and presence, and the host. An event carries it only when its change changed it.
package struct TableSeating: Hashable, Sendable {
    /// One seat.
    package struct Seat: Hashable, Sendable {
        package let name: String
        package let displayName: String
        package let online: Bool
    }

    /// The players, in seat order.
    package let players: [Seat]
    /// The host's name, `nil` when nobody is seated.
    package let host: String?

    package init(players: [Seat], host: String?) {
        self.players = players
        self.host = host
    }

    /// The seating of `deck` (empty for a plain deck).
    package init(_ deck: DeckState) {
        players = (deck.table?.players ?? []).map {
            Seat(name: $0.name, displayName: $0.displayName, online: $0.online)
        }
        host = deck.host
    }
}

/// The turn marker as events show it: who holds it, and whether turns are strict. An event carries
/// it only when its change changed it.
package struct TableTurnMarker: Hashable, Sendable {
    package let holder: String?
    package let strict: Bool
    /// Whether the host has locked the table (nobody new may join): shown with the turn marker.
    package let locked: Bool

    /// The turn marker of `deck` (nobody's, not strict, not locked, for a plain deck).
    package init(_ deck: DeckState) {
        holder = deck.table?.turn
        strict = deck.table?.strictTurns ?? false
        locked = deck.table?.locked ?? false
    }

    package init(holder: String?, strict: Bool, locked: Bool = false) {
        self.holder = holder
        self.strict = strict
        self.locked = locked
    }
}

/// The `players`, `host`, `turn` and `strict_turns` keys of deck info, `hello` and `resync`, and
/// of the events that changed them.
package enum TablePlayersJSON {
    /// `[{"name", "display_name", "online", "seat"}, …]` in seat order.
    package static func players(_ seating: TableSeating) -> String {
        jsonArray(
            seating.players.enumerated().map { seat, player in
                var entry = JSONObjectWriter()
                entry.add("name", string: player.name)
                entry.add("display_name", string: player.displayName)
                entry.add("online", bool: player.online)
                entry.add("seat", int: seat)
                return entry.finished()
            })
    }

    /// Adds `players` and `host` (`null` when nobody is seated).
    package static func addSeating(_ seating: TableSeating, to body: inout JSONObjectWriter) {
        body.add("players", json: players(seating))
        if let host = seating.host { body.add("host", string: host) } else { body.add("host", json: "null") }
    }

    /// Adds `turn` (`null` when nobody holds it), `strict_turns` and `locked`.
    package static func addTurn(_ marker: TableTurnMarker, to body: inout JSONObjectWriter) {
        if let holder = marker.holder { body.add("turn", string: holder) } else { body.add("turn", json: "null") }
        body.add("strict_turns", bool: marker.strict)
        body.add("locked", bool: marker.locked)
    }

    /// Adds all four keys for a live table; nothing for a plain deck (its answers gain no key).
    package static func addTable(_ deck: DeckState, to body: inout JSONObjectWriter) {
        guard deck.isLiveTable else { return }
        addSeating(TableSeating(deck), to: &body)
        addTurn(TableTurnMarker(deck), to: &body)
    }
}
