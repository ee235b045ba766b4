/// Where a table should let a dragged row land (UIKit's `targetIndexPathForMoveFromRowAt:toProposedIndexPath:`).
extension ListEditor {
    /// The destination a table should snap a dragged row to when the user hovers over `proposed`: `proposed`
    /// itself when the move is allowed, else the nearest allowed row in the proposed section, else the nearest
    /// allowed row in the row's own section, else the row's current place (the move is then a no-op).
    ///
    /// - Parameters:
    ///   - source: The dragged row's current location.
    ///   - proposed: Where the table proposes to drop it.
    /// - Returns: A destination that ``moveRequested(from:to:)`` accepts, or `source`.
    /// - Complexity: O(r · b) for r rows in the two sections and b bindings, in the worst case.
    public func snapTarget(
        forMoveFrom source: ListIndexPath<SectionID>, proposed: ListIndexPath<SectionID>
    ) -> ListIndexPath<SectionID> {
        let list = readModels()
        guard sourceRefusal(at: source, in: list) == nil else { return source }
        if moveRefusal(from: source, to: proposed, in: list) == nil { return proposed }
        for section in [proposed.section, source.section] {
            guard let count = list.numberOfRows(in: section) else { continue }
            let lastRow = section == source.section ? count - 1 : count
            guard lastRow >= 0 else { continue }
            let start = section == proposed.section ? min(max(proposed.row, 0), lastRow) : source.row
            // Outward from the start, nearest first.
            for distance in 0...lastRow {
                for row in [start - distance, start + distance] where row >= 0 && row <= lastRow {
                    let candidate = ListIndexPath(section: section, row: row)
                    if moveRefusal(from: source, to: candidate, in: list) == nil { return candidate }
                }
            }
        }
        return source
    }
}
