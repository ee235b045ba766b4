/// One stage of a ``StagedListChangeset``: a batch of changes that a renderer applies at once, and the data the
/// list shows after it.
///
/// Index rules are those of `UITableView.performBatchUpdates`: deletions, updates and move sources are offsets in
/// the previous stage's data (the old data for the first stage); insertions and move targets are offsets in this
/// stage's ``data``. A renderer sets its data source to ``data`` and then applies the changes:
///
/// ```swift
/// for stage in changes {
///     dataSource = stage.data
///     tableView.performBatchUpdates {
///         tableView.deleteSections(IndexSet(stage.sectionDeletes), with: .fade)
///         // … the other kinds …
///     }
/// }
/// ```
public struct ListChangeset<SectionID: Hashable, Model> {
    /// The list after this stage.
    public var data: SectionedList<SectionID, Model>
    /// Offsets of deleted sections, in the previous data, ascending.
    public var sectionDeletes: [Int] = []
    /// Offsets of inserted sections, in ``data``, ascending. An inserted section arrives with all its rows.
    public var sectionInserts: [Int] = []
    /// Offsets of sections whose content changed (same identity), ascending; the offset is the same before and
    /// after the stage, because updates never share a stage with structural changes.
    public var sectionUpdates: [Int] = []
    /// Sections moved from an offset in the previous data to an offset in ``data``.
    public var sectionMoves: [SectionMove] = []
    /// Positions of deleted rows, in the previous data, ascending.
    public var rowDeletes: [RowPath] = []
    /// Positions of inserted rows, in ``data``, ascending.
    public var rowInserts: [RowPath] = []
    /// Positions of rows whose content changed (same identity), ascending; the same before and after the stage.
    public var rowUpdates: [RowPath] = []
    /// Rows moved from a position in the previous data to a position in ``data``, possibly across sections.
    public var rowMoves: [RowMove] = []

    /// Creates a stage.
    ///
    /// - Parameter data: The list after the stage.
    @inlinable
    public init(data: SectionedList<SectionID, Model>) {
        self.data = data
    }

    /// The number of changes in the stage.
    public var changeCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionUpdates.count + sectionMoves.count + rowDeletes.count
            + rowInserts.count + rowUpdates.count + rowMoves.count
    }

    /// Whether the stage has no change.
    public var isEmpty: Bool {
        changeCount == 0
    }
}

extension ListChangeset: Equatable where Model: Equatable {}
extension ListChangeset: Sendable where SectionID: Sendable, Model: Sendable {}
