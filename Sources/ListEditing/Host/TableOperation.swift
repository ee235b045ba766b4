/// One step a table applies: the unit of ``TableBatch``.
///
/// In a `UITableView`, each case is one call inside `performBatchUpdates` (`deleteRows(at:with:)`,
/// `insertSections(_:with:)`, `moveRow(at:to:)`, …). A host that edits a plain array instead (a DOM list, a test)
/// applies ``TableBatch/sequentialOperations`` one after another.
public enum TableOperation: Hashable, Sendable {
    /// Delete the sections at these offsets.
    case deleteSections([Int])
    /// Insert sections at these offsets (each arrives with all its rows).
    case insertSections([Int])
    /// Reload the sections at these offsets (same identity, new content).
    case reloadSections([Int])
    /// Move a section from one offset to another.
    case moveSection(from: Int, to: Int)
    /// Delete the rows at these positions.
    case deleteRows([RowPath])
    /// Insert rows at these positions.
    case insertRows([RowPath])
    /// Reload the rows at these positions (same identity, new content).
    case reloadRows([RowPath])
    /// Move a row from one position to another, possibly across sections.
    case moveRow(from: RowPath, to: RowPath)
}
