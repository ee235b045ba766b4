/// Which of a live table's people and piles endpoints (Riffle extensions, issue 32) a request is:
/// `deck/<id>/seats/`, `deck/<id>/turn/`, `deck/<id>/player/<name>/rename/` and
/// `deck/<id>/pile/<name>/face/`, `deck/<id>/deal/` and `deck/<id>/player/<name>/take-back/`, each an entry of the route table (`APIEndpoint/all`) whose handler
/// is `DeckAPI/tableRequest(_:_:method:)`.
package enum TableRoute: Hashable, Sendable {
    /// `deck/<id>/seats/`: the host reorders the seats.
    case seats
    /// `deck/<id>/turn/`: the turn marker and strict turns.
    case turn
    /// `deck/<id>/lock/`: the host locks or unlocks the table.
    case lock
    /// `deck/<id>/player/<name>/rename/`: a player's display name.
    case rename(player: String)
    /// `deck/<id>/pile/<name>/face/`: a public pile face up or face down.
    case face(pile: String)
    /// `deck/<id>/deal/`: the host deals `count` cards to every player.
    case dealToEveryone
    /// `deck/<id>/player/<name>/take-back/`: the caller takes back their latest gift to that player.
    case takeBackGift(receiver: String)
    /// `deck/<id>/round/`: the host's reveal setting.
    case round
    /// `deck/<id>/round/end/`: the host ends the open round.
    case endRound
    /// `deck/<id>/round/entropy/`: a player adds entropy to the open round.
    case roundEntropy
}
