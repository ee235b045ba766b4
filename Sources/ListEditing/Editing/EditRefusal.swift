/// Why a ``ListEditor`` refused an editing or moving request.
///
/// A refused request calls no handler and changes nothing.
public enum EditRefusal: Hashable, Sendable {
    /// The request names a section that is not in the list.
    case unknownSection
    /// The request names a row outside the section's rows (for inserts, outside `0...count`; for a move's
    /// destination in another section, outside `0...count`; within the same section, outside `0..<count`).
    case rowOutOfRange
    /// No binding covers the section.
    case sectionNotBound
    /// The row's editing style is not the one requested; the associated value is the style it does offer.
    case styleNotAllowed(offered: EditingStyle)
    /// The binding that must remove the model has no `onDelete` handler.
    case noDeleteHandler
    /// The binding that must add the model has no `onInsert` handler.
    case noInsertHandler
    /// The binding that holds the row does not allow moving.
    case movingNotAllowed
    /// The binding's "is movable" predicate returned `false` for the row.
    case rowNotMovable
    /// The binding's movement policy does not allow moving the row to the destination section.
    case destinationNotAllowed
}
