extension SectionedDiffer {
    /// Builds the five stages from the matching; see ``StagedListChangeset`` for what each holds.
    @inlinable
    mutating func stages(
        targetList: SectionedList<SectionID, Model>, sectionContentEqual: (SectionID, SectionID) -> Bool,
        rowContentEqual: (Model, Model) -> Bool
    ) -> [ListChangeset<SectionID, Model>] {
        var stages: [ListChangeset<SectionID, Model>] = []

        // Stage 1: row updates, at old positions, so no later batch has to reload a row that also moves.
        var working = source
        var updated = [Bool](repeating: false, count: sourceRowTarget.count)
        var anyUpdate = false
        for section in target.indices where targetSectionSource[section] >= 0 {
            let models = target[section].models
            let base = targetRowBase[section]
            for row in models.indices {
                let match = targetRowSource[base + row]
                guard match >= 0 else { continue }
                let oldSection = sourceRowSection[match]
                let oldRow = match - sourceRowBase[oldSection]
                if !rowContentEqual(source[oldSection].models[oldRow], models[row]) {
                    working[oldSection].models[oldRow] = models[row]
                    updated[match] = true
                    anyUpdate = true
                }
            }
        }
        if anyUpdate {
            var stage = ListChangeset(data: SectionedList(working))
            for section in source.indices where sourceSectionTarget[section] >= 0 {
                let base = sourceRowBase[section]
                for row in source[section].models.indices where updated[base + row] {
                    stage.rowUpdates.append(RowPath(section: section, row: row))
                }
            }
            stages.append(stage)
        }

        // Stage 2: section deletes and row deletes, at old positions.
        var afterDeletes: [Section] = []
        var sectionCompact = [Int](repeating: -1, count: source.count)
        var rowCompact = [Int](repeating: -1, count: sourceRowTarget.count)
        var deleteStage = ListChangeset<SectionID, Model>(data: SectionedList())
        for section in source.indices {
            guard sourceSectionTarget[section] >= 0 else {
                deleteStage.sectionDeletes.append(section)
                continue
            }
            sectionCompact[section] = afterDeletes.count
            let base = sourceRowBase[section]
            let deletesBefore = deleteStage.rowDeletes.count
            var kept = 0
            for row in working[section].models.indices {
                if sourceRowTarget[base + row] < 0 {
                    deleteStage.rowDeletes.append(RowPath(section: section, row: row))
                } else {
                    rowCompact[base + row] = kept
                    kept += 1
                }
            }
            if deleteStage.rowDeletes.count == deletesBefore {
                afterDeletes.append(working[section])
            } else {
                var models: [Model] = []
                models.reserveCapacity(kept)
                for row in working[section].models.indices where sourceRowTarget[base + row] >= 0 {
                    models.append(working[section].models[row])
                }
                afterDeletes.append(ListSection(id: working[section].id, models: models))
            }
        }
        if !deleteStage.isEmpty {
            deleteStage.data = SectionedList(afterDeletes)
            stages.append(deleteStage)
        }

        // Stage 3: section inserts (with all their rows) and section moves, at final offsets.
        var keptSectionOffsets: [Int] = []
        for section in target.indices where targetSectionSource[section] >= 0 {
            keptSectionOffsets.append(sectionCompact[targetSectionSource[section]])
        }
        let sectionStays = OrderKeeping.keptElements(keptSectionOffsets, offsetBound: afterDeletes.count)
        var arranged: [Section] = []
        arranged.reserveCapacity(target.count)
        var sectionStage = ListChangeset<SectionID, Model>(data: SectionedList())
        var matchedSection = 0
        for section in target.indices {
            let match = targetSectionSource[section]
            if match < 0 {
                sectionStage.sectionInserts.append(section)
                arranged.append(target[section])
            } else {
                if !sectionStays[matchedSection] {
                    sectionStage.sectionMoves.append(SectionMove(source: sectionCompact[match], target: section))
                }
                matchedSection += 1
                arranged.append(afterDeletes[sectionCompact[match]])
            }
        }
        if !sectionStage.isEmpty {
            sectionStage.data = SectionedList(arranged)
            stages.append(sectionStage)
        }

        // Stage 4: section updates, at final offsets.
        var updateStage = ListChangeset<SectionID, Model>(data: SectionedList())
        for section in target.indices {
            let match = targetSectionSource[section]
            if match >= 0, !sectionContentEqual(source[match].id, target[section].id) {
                updateStage.sectionUpdates.append(section)
                arranged[section].id = target[section].id
            }
        }
        if !updateStage.isEmpty {
            updateStage.data = SectionedList(arranged)
            stages.append(updateStage)
        }

        // Stage 5: row inserts and row moves, at final positions.
        var rowStage = ListChangeset<SectionID, Model>(data: targetList)
        var sameSectionOffsets: [Int] = []
        var sameSectionRows: [Int] = []
        for section in target.indices {
            let match = targetSectionSource[section]
            guard match >= 0 else { continue }
            sameSectionOffsets.removeAll(keepingCapacity: true)
            sameSectionRows.removeAll(keepingCapacity: true)
            let base = targetRowBase[section]
            for row in target[section].models.indices {
                let oldRow = targetRowSource[base + row]
                if oldRow < 0 {
                    rowStage.rowInserts.append(RowPath(section: section, row: row))
                } else if sourceRowSection[oldRow] == match {
                    sameSectionOffsets.append(rowCompact[oldRow])
                    sameSectionRows.append(row)
                } else {
                    let from = RowPath(section: sourceSectionTarget[sourceRowSection[oldRow]], row: rowCompact[oldRow])
                    rowStage.rowMoves.append(RowMove(source: from, target: RowPath(section: section, row: row)))
                }
            }
            let rowStays = OrderKeeping.keptElements(
                sameSectionOffsets, offsetBound: afterDeletes[sectionCompact[match]].models.count)
            for index in sameSectionOffsets.indices where !rowStays[index] {
                rowStage.rowMoves.append(
                    RowMove(
                        source: RowPath(section: section, row: sameSectionOffsets[index]),
                        target: RowPath(section: section, row: sameSectionRows[index])))
            }
        }
        if !rowStage.isEmpty {
            stages.append(rowStage)
        }
        return stages
    }
}
