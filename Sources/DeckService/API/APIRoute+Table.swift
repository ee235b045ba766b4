/// The paths of a live table's people and piles (Riffle extensions, issue 32), kept apart from the
/// public API's path grammar in ``APIRoute``: `deck/<id>/seats/`, `deck/<id>/turn/`,
/// `deck/<id>/player/<name>/rename/` and `deck/<id>/pile/<name>/face/`.
enum TableRoute: Hashable, Sendable {
    /// `deck/<id>/seats/`: the host reorders the seats.
    case seats
    /// `deck/<id>/turn/`: the turn marker and strict turns.
    case turn
    /// `deck/<id>/player/<name>/rename/`: a player's display name.
    case rename(player: String)
    /// `deck/<id>/pile/<name>/face/`: a public pile face up or face down.
    case face(pile: String)

    /// A short label for logs and metrics, without ids or names.
    var label: String {
        switch self {
        case .seats: "seats"
        case .turn: "turn"
        case .rename: "rename"
        case .face: "pile-face"
        }
    }

    /// Matches the segments after `deck/<id>/` (at least one).
    ///
    /// - Returns: the route, or `nil` when the segments name none of these endpoints.
    static func match(_ rest: ArraySlice<Substring>) -> TableRoute? {
        let words = Array(rest)
        switch words.count {
        case 1 where words[0] == "seats": return .seats
        case 1 where words[0] == "turn": return .turn
        case 3 where words[0] == "player" && words[2] == "rename": return .rename(player: String(words[1]))
        case 3 where words[0] == "pile" && words[2] == "face": return .face(pile: String(words[1]))
        default: return nil
        }
    }
}
