import PlayingCards

/// One request on an existing deck, with its parameters already parsed and checked: what the pure
/// request core (``DeckCore``) answers.
///
/// Parsing happens before the deck is read, outside any transaction, so a malformed request changes
/// nothing and costs the store nothing. Everything that depends on the deck (who the caller is,
/// whether a card is there) is decided by the core, inside the change.
package enum DeckOperation: Hashable, Sendable {
    /// `GET /api/deck/<id>/`: the deck's summary.
    case info
    /// `/api/deck/<id>/shuffle/`: a full reshuffle (a new round on a seated deck, host only), or
    /// with `remaining=true` a shuffle of the stack alone; with `seed`, in the order that seed gives.
    case reshuffle(onlyRemaining: Bool, jokersEnabled: Bool?, partialContents: [Card]?, seed: SeededShuffle? = nil)
    /// `/api/deck/<id>/draw/[bottom|random/]`.
    case draw(count: Int, source: DrawSource)
    /// `/api/deck/<id>/return/`: drawn cards back under the stack.
    case returnCards([Card]?)
    /// `/api/deck/<id>/drawn/`: the drawn cards.
    case drawnCards
    /// `/api/deck/<id>/pile/<pile>/add/`, optionally only out of the pile `from`; with `face=down`
    /// a pile it creates lies face down; with `position=bottom` the cards go under the pile's cards.
    case addToPile(pile: String, cards: [Card], from: String?, faceDown: Bool = false, atBottom: Bool = false)
    /// `/api/deck/<id>/pile/<pile>/list/`.
    case listPile(pile: String)
    /// `/api/deck/<id>/pile/<pile>/shuffle/`.
    case shufflePile(pile: String, seed: SeededShuffle? = nil)
    /// `/api/deck/<id>/pile/<pile>/draw/[bottom|random/]`.
    case drawFromPile(pile: String, cards: [Card]?, count: Int, source: DrawSource)
    /// `/api/deck/<id>/pile/<pile>/return/`.
    case returnPile(pile: String, cards: [Card]?)
    /// `/api/deck/<id>/pile/<pile>/deal/`: the top of the stack into a pile; with `face=down` a pile
    /// it creates lies face down.
    case deal(pile: String, count: Int, faceDown: Bool = false)
    /// `POST /api/deck/<id>/player/<name>/`, with the token generated for the new player and the
    /// checked `display_name`, if given.
    case join(player: String, token: String, displayName: String? = nil)
    /// `DELETE /api/deck/<id>/player/<name>/`: the host removes a player, or a player leaves.
    case leave(player: String)
    /// A live table's seats, names and turn (see ``TableRequest``).
    case table(TableRequest)

    /// Whether the request may change the deck (and so needs a player's token on a seated deck,
    /// joining excepted).
    package var changesDeck: Bool {
        switch self {
        case .info, .drawnCards, .listPile: false
        default: true
        }
    }

    /// The kind of the event a change records (`draw`, `pile_add`, `join`, …), `nil` for a read, which records none.
    package var eventKind: TableEventKind? {
        switch self {
        case .info, .drawnCards, .listPile: nil
        case .reshuffle: .shuffle
        case .draw: .draw
        case .returnCards: .return
        case .addToPile: .pileAdd
        case .shufflePile: .pileShuffle
        case .drawFromPile: .pileDraw
        case .returnPile: .pileReturn
        case .deal: .deal
        case .join: .join
        case .leave: .leave
        case .table(let request): request.eventKind
        }
    }

    /// Whether the change counts even when it leaves the deck as it was: a shuffle is always a
    /// change, even one that happens to leave every card where it was (a pile of two cards does one
    /// time in two). Otherwise whether a change followed would tell that a pile the observer
    /// cannot see kept its order, and a client waiting for the shuffle's event would wait for nothing.
    package var alwaysCounts: Bool {
        switch self {
        case .reshuffle, .shufflePile: true
        default: false
        }
    }
}
