/// One `performBatchUpdates` worth of changes and the data the table shows after it: the table-view side of a
/// ``ListChangeset`` (Braid's and DifferenceKit's contract).
///
/// Set the data source to ``data``, then apply ``operations`` inside one batch:
///
/// ```swift
/// for batch in TableBatch.batches(for: StagedListChangeset(from: old, to: new)) {
///     tableView.performBatchUpdates {
///         dataSource = batch.data
///         for operation in batch.operations { apply(operation, to: tableView) }
///     }
/// }
/// ```
///
/// `UITableView` resolves deletions, reloads and move sources against the data before the batch and insertions
/// and move targets against ``data``, whatever the call order. A host that applies changes one at a time to an
/// array uses ``sequentialOperations`` instead, whose every index is valid at the moment it is applied.
public struct TableBatch<SectionID: Hashable, Model> {
    /// The list after the batch.
    public var data: SectionedList<SectionID, Model>
    /// The batch's calls, in `UITableView`'s safe order: section deletes, section inserts, section reloads,
    /// section moves, row deletes, row inserts, row reloads, row moves.
    public var operations: [TableOperation]
    /// The same changes for a host that applies them one by one: every removal (deleted rows and the sources of
    /// moved rows, bottom up; then deleted and moved sections, bottom up), then every insertion (sections top
    /// down, each with all its rows from ``data``; then rows top down, read from ``data``), then reloads. Moves
    /// become a removal and an insertion; rows inside a removed or inserted section go with their section.
    public var sequentialOperations: [TableOperation]

    /// The batch of a changeset stage.
    ///
    /// - Parameter stage: One stage of a ``StagedListChangeset``.
    /// - Complexity: O(c log c) for c changes in the stage.
    public init(_ stage: ListChangeset<SectionID, Model>) {
        data = stage.data
        var calls: [TableOperation] = []
        if !stage.sectionDeletes.isEmpty { calls.append(.deleteSections(stage.sectionDeletes)) }
        if !stage.sectionInserts.isEmpty { calls.append(.insertSections(stage.sectionInserts)) }
        if !stage.sectionUpdates.isEmpty { calls.append(.reloadSections(stage.sectionUpdates)) }
        for move in stage.sectionMoves { calls.append(.moveSection(from: move.source, to: move.target)) }
        if !stage.rowDeletes.isEmpty { calls.append(.deleteRows(stage.rowDeletes)) }
        if !stage.rowInserts.isEmpty { calls.append(.insertRows(stage.rowInserts)) }
        if !stage.rowUpdates.isEmpty { calls.append(.reloadRows(stage.rowUpdates)) }
        for move in stage.rowMoves { calls.append(.moveRow(from: move.source, to: move.target)) }
        operations = calls

        var sequential: [TableOperation] = []
        let removedSections = (stage.sectionDeletes + stage.sectionMoves.map(\.source)).sorted(by: >)
        let insertedSections = (stage.sectionInserts + stage.sectionMoves.map(\.target)).sorted()
        // A removed section takes its rows with it, and an inserted one arrives with all of its rows, so row
        // changes inside them are not repeated row by row.
        let removedSectionSet = Set(removedSections)
        let insertedSectionSet = Set(insertedSections)
        let removedRows = (stage.rowDeletes + stage.rowMoves.map(\.source))
            .filter { !removedSectionSet.contains($0.section) }.sorted(by: >)
        let insertedRows = (stage.rowInserts + stage.rowMoves.map(\.target))
            .filter { !insertedSectionSet.contains($0.section) }.sorted()
        if !removedRows.isEmpty { sequential.append(.deleteRows(removedRows)) }
        if !removedSections.isEmpty { sequential.append(.deleteSections(removedSections)) }
        if !insertedSections.isEmpty { sequential.append(.insertSections(insertedSections)) }
        if !insertedRows.isEmpty { sequential.append(.insertRows(insertedRows)) }
        if !stage.sectionUpdates.isEmpty { sequential.append(.reloadSections(stage.sectionUpdates)) }
        if !stage.rowUpdates.isEmpty { sequential.append(.reloadRows(stage.rowUpdates)) }
        sequentialOperations = sequential
    }

    /// The batches of a staged changeset, one per stage, in order.
    ///
    /// - Parameter changeset: The diff from the data a table shows to the data it should show.
    /// - Returns: One batch per non-empty stage.
    /// - Complexity: O(c log c) for c changes.
    public static func batches(for changeset: StagedListChangeset<SectionID, Model>) -> [TableBatch] {
        changeset.stages.filter { !$0.isEmpty }.map { TableBatch($0) }
    }
}

extension TableBatch: Equatable where Model: Equatable {}
extension TableBatch: Sendable where SectionID: Sendable, Model: Sendable {}
