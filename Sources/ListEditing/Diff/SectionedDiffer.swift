/// The matching half of the diff: which sections and rows of the old list correspond to which of the new one.
///
/// Rows are numbered globally (section base plus row) so that one hash table matches rows across all sections,
/// which is what lets a row move between sections. Rows of deleted sections and of inserted sections are left
/// out of the matching: they leave or arrive with their section.
@usableFromInline
struct SectionedDiffer<SectionID: Hashable, Model> {
    @usableFromInline typealias Section = ListSection<SectionID, Model>

    @usableFromInline let source: [Section]
    @usableFromInline let target: [Section]
    /// For each old section, the offset of its new section, or -1 if deleted.
    @usableFromInline var sourceSectionTarget: [Int]
    /// For each new section, the offset of its old section, or -1 if inserted.
    @usableFromInline var targetSectionSource: [Int]
    /// Global number of each old section's first row.
    @usableFromInline var sourceRowBase: [Int]
    /// Global number of each new section's first row.
    @usableFromInline var targetRowBase: [Int]
    /// For each old row, the global number of its new row, or -1 if deleted.
    @usableFromInline var sourceRowTarget: [Int]
    /// For each new row, the global number of its old row, or -1 if inserted.
    @usableFromInline var targetRowSource: [Int]
    /// For each old row of a kept section, that section's old offset.
    @usableFromInline var sourceRowSection: [Int]

    @inlinable
    init<SectionKey: Hashable, RowKey: Hashable>(
        source: [Section], target: [Section], sectionIdentity: (SectionID) -> SectionKey,
        rowIdentity: (Model) -> RowKey
    ) {
        self.source = source
        self.target = target

        var sectionTable = OccurrenceTable<SectionKey>(positionCount: source.count)
        for section in source.indices.reversed() {
            sectionTable.record(sectionIdentity(source[section].id), at: section)
        }
        sourceSectionTarget = [Int](repeating: -1, count: source.count)
        targetSectionSource = [Int](repeating: -1, count: target.count)
        for section in target.indices {
            if let match = sectionTable.take(sectionIdentity(target[section].id)) {
                sourceSectionTarget[match] = section
                targetSectionSource[section] = match
            }
        }

        sourceRowBase = Self.rowBases(of: source)
        targetRowBase = Self.rowBases(of: target)
        let sourceRowCount = sourceRowBase.last.map { $0 + source[source.count - 1].models.count } ?? 0
        let targetRowCount = targetRowBase.last.map { $0 + target[target.count - 1].models.count } ?? 0

        var rowTable = OccurrenceTable<RowKey>(positionCount: sourceRowCount)
        sourceRowSection = [Int](repeating: -1, count: sourceRowCount)
        for section in source.indices.reversed() where sourceSectionTarget[section] >= 0 {
            let models = source[section].models
            let base = sourceRowBase[section]
            for row in models.indices.reversed() {
                rowTable.record(rowIdentity(models[row]), at: base + row)
                sourceRowSection[base + row] = section
            }
        }
        sourceRowTarget = [Int](repeating: -1, count: sourceRowCount)
        targetRowSource = [Int](repeating: -1, count: targetRowCount)
        for section in target.indices where targetSectionSource[section] >= 0 {
            let models = target[section].models
            let base = targetRowBase[section]
            for row in models.indices {
                if let match = rowTable.take(rowIdentity(models[row])) {
                    sourceRowTarget[match] = base + row
                    targetRowSource[base + row] = match
                }
            }
        }
    }

    @inlinable
    static func rowBases(of sections: [Section]) -> [Int] {
        var bases = [Int]()
        bases.reserveCapacity(sections.count)
        var total = 0
        for section in sections {
            bases.append(total)
            total += section.models.count
        }
        return bases
    }
}
