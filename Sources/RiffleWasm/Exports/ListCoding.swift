import ListEditing

/// Writes integers into the exchange buffer, remembering whether they all fitted.
struct IntegerWriter {
    private(set) var count = 0
    private(set) var overflowed = false

    mutating func append(_ value: Int32) {
        guard count < ExchangeBuffer.integerCapacity else {
            overflowed = true
            return
        }
        ExchangeBuffer.integers[count] = value
        count += 1
    }

    mutating func append(_ value: Int) { append(Int32(truncatingIfNeeded: value)) }

    /// The count written, or ``ListExportStatus/bufferTooSmall``.
    var result: Int32 { overflowed ? ListExportStatus.bufferTooSmall : Int32(count) }
}

/// The integer encodings of lists and staged diffs in the exchange buffer.
enum ListCoding {
    /// Reads `[sectionCount, (sectionID, rowCount, model…)…]`, or `nil` if it is malformed.
    static func decode() -> SectionedList<Int32, Int32>? {
        let input = ExchangeBuffer.integers
        let capacity = ExchangeBuffer.integerCapacity
        var cursor = 0
        func next() -> Int32? {
            guard cursor < capacity else { return nil }
            defer { cursor += 1 }
            return input[cursor]
        }
        guard let sectionCount = next(), sectionCount >= 0 else { return nil }
        var sections: [ListSection<Int32, Int32>] = []
        sections.reserveCapacity(Int(sectionCount))
        for _ in 0..<Int(sectionCount) {
            guard let id = next(), let rowCount = next(), rowCount >= 0, cursor + Int(rowCount) <= capacity else {
                return nil
            }
            var models: [Int32] = []
            models.reserveCapacity(Int(rowCount))
            for _ in 0..<Int(rowCount) { models.append(input[cursor]); cursor += 1 }
            sections.append(ListSection(id: id, models: models))
        }
        return SectionedList(sections)
    }

    static func encode(_ list: SectionedList<Int32, Int32>, into writer: inout IntegerWriter) {
        writer.append(list.sections.count)
        for section in list.sections {
            writer.append(section.id)
            writer.append(section.models.count)
            for model in section.models { writer.append(model) }
        }
    }

    /// Writes `[stageCount, then per stage eight groups, each a count followed by its entries]`:
    /// section deletes `(offset)`, section inserts `(offset, sectionID, rowCount, model…)`, section updates
    /// `(offset)`, section moves `(source, target)`, row deletes `(section, row)`, row inserts
    /// `(section, row, model)`, row updates `(section, row, model)`, row moves
    /// `(sourceSection, sourceRow, targetSection, targetRow)`.
    static func encode(_ changes: StagedListChangeset<Int32, Int32>, into writer: inout IntegerWriter) {
        writer.append(changes.count)
        for stage in changes {
            writer.append(stage.sectionDeletes.count)
            for offset in stage.sectionDeletes { writer.append(offset) }
            writer.append(stage.sectionInserts.count)
            for offset in stage.sectionInserts {
                let section = stage.data.sections[offset]
                writer.append(offset)
                writer.append(section.id)
                writer.append(section.models.count)
                for model in section.models { writer.append(model) }
            }
            writer.append(stage.sectionUpdates.count)
            for offset in stage.sectionUpdates { writer.append(offset) }
            writer.append(stage.sectionMoves.count)
            for move in stage.sectionMoves {
                writer.append(move.source)
                writer.append(move.target)
            }
            writer.append(stage.rowDeletes.count)
            for path in stage.rowDeletes {
                writer.append(path.section)
                writer.append(path.row)
            }
            writer.append(stage.rowInserts.count)
            for path in stage.rowInserts {
                writer.append(path.section)
                writer.append(path.row)
                writer.append(stage.data.sections[path.section].models[path.row])
            }
            writer.append(stage.rowUpdates.count)
            for path in stage.rowUpdates {
                writer.append(path.section)
                writer.append(path.row)
                writer.append(stage.data.sections[path.section].models[path.row])
            }
            writer.append(stage.rowMoves.count)
            for move in stage.rowMoves {
                writer.append(move.source.section)
                writer.append(move.source.row)
                writer.append(move.target.section)
                writer.append(move.target.row)
            }
        }
    }
}
