/// The difference between two sectioned lists, as stages that a renderer applies one batch at a time.
///
/// Rows and sections are matched by *identity* (a key such as a card code), and a matched pair whose *content*
/// differs (same card, new face) is reported as an update rather than as a delete and an insert. The difference is
/// computed in linear time with Heckel's algorithm: identities are counted in a hash table, occurrences of a
/// duplicated identity are paired in order, and the rows that keep their place are chosen so that as few as
/// possible are reported as moves.
///
/// The stages, each skipped when it has no change, are:
///
/// 1. Row updates (at old positions).
/// 2. Section deletes and row deletes (at old positions).
/// 3. Section inserts and section moves (an inserted section arrives with all its rows).
/// 4. Section updates.
/// 5. Row inserts and row moves, within and across sections (at final positions).
///
/// Every stage carries the ``ListChangeset/data`` after it, so batch N is applied while the data source shows
/// stage N's data; no batch mixes changes that index one another (an update with a move of the same row, a row
/// insert with its section's insert). The last stage's data is the new list.
///
/// ```swift
/// let old = SectionedList<String, String>([ListSection(id: "hand", models: ["AS", "KD", "0H"])])
/// let new = SectionedList<String, String>([ListSection(id: "hand", models: ["0H", "AS", "QC"])])
/// let changes = StagedListChangeset(from: old, to: new)
/// // changes[0].rowDeletes == [RowPath(section: 0, row: 1)]  (KD)
/// // changes[1].rowInserts == [RowPath(section: 0, row: 2)]  (QC)
/// // changes[1].rowMoves == [RowMove(source: RowPath(section: 0, row: 0), target: RowPath(section: 0, row: 1))]  (AS)
/// ```
///
/// Rows of a deleted section go with it and rows of an inserted section come with it: a row that moves out of a
/// deleted section or into an inserted one is reported as a delete and an insert.
public struct StagedListChangeset<SectionID: Hashable, Model>: RandomAccessCollection {
    /// The stages, to be applied in order.
    public var stages: [ListChangeset<SectionID, Model>]

    /// Creates a changeset from stages computed elsewhere.
    ///
    /// - Parameter stages: The stages, in the order they are applied.
    @inlinable
    public init(stages: [ListChangeset<SectionID, Model>]) {
        self.stages = stages
    }

    /// Computes the staged difference between two lists, with separate identity and content for sections and
    /// rows.
    ///
    /// - Parameters:
    ///   - source: The old list.
    ///   - target: The new list.
    ///   - sectionIdentity: Returns the key that identifies a section across the two lists.
    ///   - sectionContentEqual: Returns whether two sections with the same identity look the same; if not, the
    ///     section is reported in ``ListChangeset/sectionUpdates``.
    ///   - rowIdentity: Returns the key that identifies a row's model across the two lists.
    ///   - rowContentEqual: Returns whether two models with the same identity look the same; if not, the row is
    ///     reported in ``ListChangeset/rowUpdates``.
    /// - Complexity: O(*n* + *m*) time and memory, for *n* rows and sections in `source` and *m* in `target`
    ///   (expected, as for any hash table). Move minimisation costs O(*r* log *r*) for *r* runs of rows that stayed
    ///   neighbours, kept within O(*n*) by a budget (see the DocC article).
    @inlinable
    public init<SectionKey: Hashable, RowKey: Hashable>(
        from source: SectionedList<SectionID, Model>,
        to target: SectionedList<SectionID, Model>,
        sectionIdentity: (SectionID) -> SectionKey,
        sectionContentEqual: (SectionID, SectionID) -> Bool,
        rowIdentity: (Model) -> RowKey,
        rowContentEqual: (Model, Model) -> Bool
    ) {
        var differ = SectionedDiffer(
            source: source.sections, target: target.sections, sectionIdentity: sectionIdentity,
            rowIdentity: rowIdentity)
        stages = differ.stages(
            targetList: target, sectionContentEqual: sectionContentEqual, rowContentEqual: rowContentEqual)
    }

    /// Computes the staged difference between two lists whose sections are identified by their identifiers.
    ///
    /// - Parameters:
    ///   - source: The old list.
    ///   - target: The new list.
    ///   - rowIdentity: Returns the key that identifies a row's model across the two lists.
    ///   - rowContentEqual: Returns whether two models with the same identity look the same.
    /// - Complexity: O(*n* + *m*) for *n* rows and sections in `source` and *m* in `target`.
    @inlinable
    public init<RowKey: Hashable>(
        from source: SectionedList<SectionID, Model>,
        to target: SectionedList<SectionID, Model>,
        rowIdentity: (Model) -> RowKey,
        rowContentEqual: (Model, Model) -> Bool
    ) {
        self.init(
            from: source, to: target, sectionIdentity: { $0 }, sectionContentEqual: { _, _ in true },
            rowIdentity: rowIdentity, rowContentEqual: rowContentEqual)
    }

    /// The position of the first stage (always zero).
    public var startIndex: Int { stages.startIndex }
    /// The position after the last stage.
    public var endIndex: Int { stages.endIndex }

    /// Returns a stage.
    ///
    /// - Parameter position: The stage's position, in `startIndex..<endIndex`.
    public subscript(position: Int) -> ListChangeset<SectionID, Model> {
        stages[position]
    }
}

extension StagedListChangeset where Model: Hashable {
    /// Computes the staged difference between two lists whose models are their own identity, such as card codes.
    ///
    /// - Parameters:
    ///   - source: The old list.
    ///   - target: The new list.
    /// - Complexity: O(*n* + *m*) for *n* rows and sections in `source` and *m* in `target`.
    @inlinable
    public init(from source: SectionedList<SectionID, Model>, to target: SectionedList<SectionID, Model>) {
        self.init(from: source, to: target, rowIdentity: { $0 }, rowContentEqual: { _, _ in true })
    }
}

extension StagedListChangeset: Equatable where Model: Equatable {}
extension StagedListChangeset: Sendable where SectionID: Sendable, Model: Sendable {}
