/// Every kind of event a table's stream can carry: the one declaration of the `event:` names the server sends.
///
/// The SDK's `DeckEvent.Kind`, the web app's `event-kinds.js` and the OpenAPI document's `EventKind` schema list the
/// same names; `EventKindContractTests` fails when any of them misses one of these or lists one the server never
/// sends.
package enum TableEventKind: String, CaseIterable, Sendable {
    /// The opening of a new stream: the table as its subscriber sees it.
    case hello
    /// In place of the events a resumed stream missed, when they are gone or too many: the table as it is now.
    case resync
    /// The whole deck (the stack and the drawn cards) shuffled.
    case shuffle
    case draw
    /// Drawn cards returned to the stack.
    case `return`
    case deal
    case pileAdd = "pile_add"
    case pileDraw = "pile_draw"
    case pileReturn = "pile_return"
    case pileShuffle = "pile_shuffle"
    /// A pile turned face up or down.
    case pileFace = "pile_face"
    case join
    case leave
    case rename
    case seats
    case turn
    case lock
    /// The host ended the open round or changed whether rounds are revealed.
    case round
    /// A player came online or went offline.
    case presence
}
