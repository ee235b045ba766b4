/// A live table's people, as deck info and the table's people endpoints answer them: the players
/// in seat order, the host, the turn marker and whether turns are strict (Riffle extensions).
///
/// ```swift
/// let people = try await client.tablePeople(deckID: id)
/// for seat in people.players { print(seat.seat, seat.displayName, seat.online ? "online" : "away") }
/// ```
public struct TablePeople: Hashable, Sendable, Decodable {
    /// One seat of the table.
    public struct Seat: Hashable, Sendable, Decodable {
        /// The player's name, which is also their hand's pile name.
        public var name: String
        /// The name shown to people: text in any script, never markup.
        public var displayName: String
        /// Whether one of the player's event streams is open.
        public var online: Bool
        /// The seat's position, from 0.
        public var seat: Int

        /// Creates a seat.
        ///
        /// - Parameters:
        ///   - name: the player's name.
        ///   - displayName: the shown name.
        ///   - online: whether the player is connected.
        ///   - seat: the position, from 0.
        public init(name: String, displayName: String, online: Bool, seat: Int) {
            self.name = name
            self.displayName = displayName
            self.online = online
            self.seat = seat
        }

        private enum CodingKeys: String, CodingKey {
            case name, online, seat
            case displayName = "display_name"
        }
    }

    /// The players, in seat order.
    public var players: [Seat]
    /// The host's name, `nil` when nobody is seated.
    public var host: String?
    /// Who holds the turn marker, `nil` for nobody.
    public var turn: String?
    /// Whether only the turn holder may move cards.
    public var strictTurns: Bool
    /// Whether the host has locked the table: nobody new may join (`false` from servers without locks).
    public var locked = false

    /// Creates the people of a table.
    ///
    /// - Parameters:
    ///   - players: the players in seat order.
    ///   - host: the host.
    ///   - turn: the turn holder.
    ///   - strictTurns: whether turns are strict.
    public init(players: [Seat], host: String?, turn: String?, strictTurns: Bool) {
        self.players = players
        self.host = host
        self.turn = turn
        self.strictTurns = strictTurns
    }

    private enum CodingKeys: String, CodingKey {
        case players, host, turn
        case strictTurns = "strict_turns"
        case locked
    }

    /// Decodes the keys of an answer; a deck that is not a live table has none of them (no players).
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        players = try container.decodeIfPresent([Seat].self, forKey: .players) ?? []
        host = try container.decodeIfPresent(String.self, forKey: .host)
        turn = try container.decodeIfPresent(String.self, forKey: .turn)
        strictTurns = try container.decodeIfPresent(Bool.self, forKey: .strictTurns) ?? false
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked) ?? false
    }
}
