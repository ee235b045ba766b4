import ListEditing
import SeededRandom
import Testing

/// The ListEditing host layer: diffs turned into table batches, and refused moves turned into snap targets.
@Suite("Host layer: table batches and snapping")
struct TableBatchTests {
    /// A table that applies operations one at a time to plain arrays, as a DOM list or a simple renderer would.
    struct SequentialTable: Equatable {
        var sections: [Pile]
        var rows: [[Card]]

        init(_ list: SectionedList<Pile, Card>) {
            sections = list.sections.map(\.id)
            rows = list.sections.map(\.models)
        }

        mutating func apply(_ batch: TableBatch<Pile, Card>) {
            let data = batch.data.sections
            for operation in batch.sequentialOperations {
                switch operation {
                case .deleteRows(let paths): for path in paths { rows[path.section].remove(at: path.row) }
                case .deleteSections(let offsets):
                    for offset in offsets {
                        sections.remove(at: offset)
                        rows.remove(at: offset)
                    }
                case .insertSections(let offsets):
                    for offset in offsets {
                        sections.insert(data[offset].id, at: offset)
                        rows.insert(data[offset].models, at: offset)
                    }
                case .insertRows(let paths):
                    for path in paths { rows[path.section].insert(data[path.section].models[path.row], at: path.row) }
                case .reloadSections(let offsets): for offset in offsets { sections[offset] = data[offset].id }
                case .reloadRows(let paths):
                    for path in paths { rows[path.section][path.row] = data[path.section].models[path.row] }
                case .moveSection, .moveRow:
                    Issue.record("sequential operations never contain moves")
                }
            }
        }
    }

    @Test("sequential operations turn each stage's old data into its data", arguments: 0..<4)
    func sequentialOperationsReproduceEveryStage(seed: UInt64) throws {
        var generator = SeededRandomNumberGenerator(seed: 13_000 + seed)
        for round in 0..<250 {
            let old = DiffRandomTests.randomList(
                sections: Int.random(in: 0...8, using: &generator), rowsPerSection: 12, using: &generator)
            let new = DiffRandomTests.randomEdit(of: old, using: &generator)
            let changes = StagedListChangeset(
                from: old, to: new, sectionIdentity: { $0.key }, sectionContentEqual: { $0.title == $1.title },
                rowIdentity: { $0.id }, rowContentEqual: { $0.face == $1.face })
            var table = SequentialTable(old)
            for batch in TableBatch.batches(for: changes) {
                table.apply(batch)
                try #require(table == SequentialTable(batch.data), "seed \(seed), round \(round)")
            }
            #expect(table == SequentialTable(new))
        }
    }

    @Test func batchCallsFollowUITableViewsSafeOrder() {
        let old = SectionedList([
            ListSection(id: Pile(key: 1), models: [Card(id: 1), Card(id: 2), Card(id: 3)]),
            ListSection(id: Pile(key: 2), models: [Card(id: 4)]),
        ])
        let new = SectionedList([
            ListSection(id: Pile(key: 1), models: [Card(id: 3), Card(id: 1), Card(id: 9)]),
            ListSection(id: Pile(key: 2), models: [Card(id: 4, face: 1)]),
        ])
        let changes = StagedListChangeset(
            from: old, to: new, sectionIdentity: { $0.key }, sectionContentEqual: { $0.title == $1.title },
            rowIdentity: { $0.id }, rowContentEqual: { $0.face == $1.face })
        let batches = TableBatch.batches(for: changes)
        let calls = batches.flatMap(\.operations)
        // Card 2 is deleted, 9 inserted, 3 moves up (or 1 down), and card 4's face changed: a reload in a batch
        // of its own, as DifferenceKit stages it.
        #expect(calls.contains(.deleteRows([RowPath(section: 0, row: 1)])))
        #expect(calls.contains(.insertRows([RowPath(section: 0, row: 2)])))
        #expect(calls.contains(.reloadRows([RowPath(section: 1, row: 0)])))
        let reloadBatch = batches.first { $0.operations.contains(.reloadRows([RowPath(section: 1, row: 0)])) }
        #expect(reloadBatch?.operations.count == 1)
        #expect(batches.last?.data.sections.map(\.models) == new.sections.map(\.models))
    }

    // MARK: Snapping refused moves

    final class Store {
        var list = SectionedList([
            ListSection(id: "hand", models: ["AS", "KD", "QH"]),
            ListSection(id: "table", models: ["2C"]),
            ListSection(id: "deck", models: ["5S", "6S"]),
        ])
    }

    func editor(_ store: Store) -> ListEditor<String, String> {
        var editor = ListEditor<String, String>(models: { store.list })
        let delete: (String, Int, EditReason<String>, String) -> Void = { section, row, _, _ in
            _ = store.list.removeModel(at: ListIndexPath(section: section, row: row))
        }
        let insert: (String, Int, EditReason<String>, String?) -> Void = { section, row, _, model in
            _ = store.list.insert(model ?? "??", at: ListIndexPath(section: section, row: row))
        }
        editor.bind(
            .onSections("hand", "table").allowMoving(.toSections(["hand", "table"]), isMovable: { _, row in row != 2 })
                .onDelete(delete).onInsert(insert))
        editor.bind(.onSection("deck").onInsert(insert))
        return editor
    }

    @Test func anAllowedTargetIsKept() {
        let store = Store()
        let editor = editor(store)
        let source = ListIndexPath(section: "hand", row: 0)
        #expect(
            editor.snapTarget(forMoveFrom: source, proposed: ListIndexPath(section: "table", row: 1))
                == .init(
                    section: "table", row: 1))
    }

    @Test func aRefusedSectionSnapsBackIntoTheOwnSectionNearestTheRow() {
        let store = Store()
        let editor = editor(store)
        let source = ListIndexPath(section: "hand", row: 1)
        // The deck refuses moves from the hand: the row stays in its own section, at its own row.
        #expect(editor.snapTarget(forMoveFrom: source, proposed: ListIndexPath(section: "deck", row: 1)) == source)
        // A row past the end of an allowed section snaps to the section's last valid row.
        #expect(
            editor.snapTarget(forMoveFrom: source, proposed: ListIndexPath(section: "table", row: 7))
                == ListIndexPath(section: "table", row: 1))
        // An unknown section snaps back too.
        #expect(editor.snapTarget(forMoveFrom: source, proposed: ListIndexPath(section: "void", row: 0)) == source)
    }

    @Test func anImmovableOrMissingRowStaysWhereItIs() {
        let store = Store()
        let editor = editor(store)
        let pinned = ListIndexPath(section: "hand", row: 2)
        #expect(editor.snapTarget(forMoveFrom: pinned, proposed: ListIndexPath(section: "table", row: 0)) == pinned)
        let missing = ListIndexPath(section: "hand", row: 9)
        #expect(editor.snapTarget(forMoveFrom: missing, proposed: ListIndexPath(section: "hand", row: 0)) == missing)
    }
}
