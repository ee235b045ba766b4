import ListEditing

/// Applies a changeset the way `UITableView.performBatchUpdates` would, written independently of the diff:
/// deletes, updates and move sources address the previous data; inserts and move targets address the stage's
/// data. Inserted values are read from the stage's data, everything else comes from the previous data, so a stage
/// whose changes do not turn the previous data into its data is caught.
struct StageApplier<SectionID: Hashable, Model: Equatable, SectionKey: Hashable, RowKey: Hashable> {
    var sectionIdentity: (SectionID) -> SectionKey
    var rowIdentity: (Model) -> RowKey

    private struct Row {
        var model: Model
        var updated: Bool
    }

    private struct Section {
        var id: SectionID
        var updated: Bool
        var insertedHere: Bool
        var rows: [Row]
    }

    /// Returns the data after the stage, or a description of why the stage cannot be applied.
    func apply(
        _ stage: ListChangeset<SectionID, Model>, to previous: [ListSection<SectionID, Model>]
    ) -> Result<[ListSection<SectionID, Model>], ApplyFailure> {
        let next = stage.data.sections
        func fail(_ message: String) -> Result<[ListSection<SectionID, Model>], ApplyFailure> {
            .failure(ApplyFailure(message: message))
        }
        func isValid(_ path: RowPath, in sections: [ListSection<SectionID, Model>]) -> Bool {
            sections.indices.contains(path.section) && sections[path.section].models.indices.contains(path.row)
        }
        guard !stage.isEmpty else { return fail("empty stage") }
        for list in [stage.sectionDeletes, stage.sectionInserts, stage.sectionUpdates] where list != list.sorted() {
            return fail("section offsets not ascending")
        }
        for list in [stage.rowDeletes, stage.rowInserts, stage.rowUpdates] where list != list.sorted() {
            return fail("row paths not ascending")
        }

        var sections = previous.map { section in
            Section(
                id: section.id, updated: false, insertedHere: false,
                rows: section.models.map { Row(model: $0, updated: false) })
        }
        // Section updates and row updates are marked where they are and resolved against the new data at the end.
        let removedSections = stage.sectionDeletes + stage.sectionMoves.map(\.source)
        guard Set(removedSections).count == removedSections.count,
            removedSections.allSatisfy({ previous.indices.contains($0) })
        else { return fail("bad section deletes or move sources") }
        for update in stage.sectionUpdates {
            guard previous.indices.contains(update), !removedSections.contains(update) else {
                return fail("bad section update \(update)")
            }
            sections[update].updated = true
        }
        for update in stage.rowUpdates {
            guard isValid(update, in: previous), !removedSections.contains(update.section) else {
                return fail("bad row update \(update)")
            }
            sections[update.section].rows[update.row].updated = true
        }

        // Rows leave their sections first, at previous positions.
        let removedRows = (stage.rowDeletes + stage.rowMoves.map(\.source)).sorted(by: >)
        for index in removedRows.indices.dropFirst() where removedRows[index] == removedRows[index - 1] {
            return fail("row removed twice")
        }
        // Linear searches instead of dictionaries: these lists are short in the exhaustive tests, and hashing in
        // an unoptimised build would dominate their run time.
        var movedRows: [Row] = []
        for move in stage.rowMoves {
            guard isValid(move.source, in: previous) else { return fail("bad row move source \(move.source)") }
            movedRows.append(sections[move.source.section].rows[move.source.row])
        }
        for path in removedRows {
            guard isValid(path, in: previous), !removedSections.contains(path.section) else {
                return fail("bad row removal \(path)")
            }
            sections[path.section].rows.remove(at: path.row)
        }

        // Sections: remaining ones keep their order and fill the slots that inserts and moves leave free.
        let movedSections = stage.sectionMoves.map { sections[$0.source] }
        let remaining = sections.indices.filter { !removedSections.contains($0) }.map { sections[$0] }
        let sectionCount = previous.count - stage.sectionDeletes.count + stage.sectionInserts.count
        guard sectionCount == next.count else { return fail("section count \(sectionCount) != \(next.count)") }
        var slots = [Section?](repeating: nil, count: sectionCount)
        for insert in stage.sectionInserts {
            guard slots.indices.contains(insert), slots[insert] == nil else { return fail("bad section insert") }
            slots[insert] = Section(
                id: next[insert].id, updated: false, insertedHere: true,
                rows: next[insert].models.map { Row(model: $0, updated: false) })
        }
        for (move, moved) in zip(stage.sectionMoves, movedSections) {
            guard slots.indices.contains(move.target), slots[move.target] == nil else {
                return fail("bad section move target")
            }
            slots[move.target] = moved
        }
        var remainingIterator = remaining.makeIterator()
        for slot in slots.indices where slots[slot] == nil { slots[slot] = remainingIterator.next() }
        guard remainingIterator.next() == nil, slots.allSatisfy({ $0 != nil }) else {
            return fail("section slots do not add up")
        }
        sections = slots.map { $0! }

        // Rows arrive at their final positions.
        var arriving = [[(row: Int, value: Row)]](repeating: [], count: sections.count)
        for insert in stage.rowInserts {
            guard isValid(insert, in: next) else { return fail("bad row insert \(insert)") }
            arriving[insert.section].append(
                (insert.row, Row(model: next[insert.section].models[insert.row], updated: false)))
        }
        for (move, row) in zip(stage.rowMoves, movedRows) {
            guard isValid(move.target, in: next) else { return fail("bad row move target \(move.target)") }
            arriving[move.target.section].append((move.target.row, row))
        }
        for (section, rows) in arriving.enumerated() where !rows.isEmpty {
            guard !sections[section].insertedHere else {
                return fail("rows added to a section inserted in the same stage")
            }
            let total = sections[section].rows.count + rows.count
            var rowSlots = [Row?](repeating: nil, count: total)
            for (row, value) in rows {
                guard row < total, rowSlots[row] == nil else { return fail("row target collision at \(row)") }
                rowSlots[row] = value
            }
            var existing = sections[section].rows.makeIterator()
            for slot in rowSlots.indices where rowSlots[slot] == nil { rowSlots[slot] = existing.next() }
            sections[section].rows = rowSlots.map { $0! }
        }

        // Resolve updates against the new data: same identity, different content.
        var result: [ListSection<SectionID, Model>] = []
        for (offset, section) in sections.enumerated() {
            guard next.indices.contains(offset) else { return fail("too many sections") }
            var id = section.id
            if section.updated {
                guard sectionIdentity(next[offset].id) == sectionIdentity(id), next[offset].id != id else {
                    return fail("section update changes identity or nothing")
                }
                id = next[offset].id
            }
            var models: [Model] = []
            for (rowOffset, row) in section.rows.enumerated() {
                guard row.updated else {
                    models.append(row.model)
                    continue
                }
                guard next[offset].models.indices.contains(rowOffset) else { return fail("updated row vanished") }
                let newModel = next[offset].models[rowOffset]
                guard rowIdentity(newModel) == rowIdentity(row.model), newModel != row.model else {
                    return fail("row update changes identity or nothing")
                }
                models.append(newModel)
            }
            result.append(ListSection(id: id, models: models))
        }
        return .success(result)
    }
}

struct ApplyFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
