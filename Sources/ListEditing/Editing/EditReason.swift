/// Why a handler is asked to delete or insert a model.
///
/// Hosts that offer both editing controls and moving use the reason to tell them apart: a delete for a move must
/// not, for example, ask the server to destroy the card.
public enum EditReason<SectionID: Hashable>: Hashable {
    /// The user committed a delete or insert control on the row.
    case editing
    /// The row is being moved. The index path is the other end of the move: the destination (in its final
    /// position) when given to `onDelete`, the source (before the move) when given to `onInsert`.
    case moved(ListIndexPath<SectionID>)
}

extension EditReason: Sendable where SectionID: Sendable {}
