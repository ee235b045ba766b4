import ListEditing
import Testing

/// The Braid seed's scenarios, scripted: each request is followed by assertions on the outcome, the handler calls
/// and the whole host state.
@Suite("Editing scenarios from the seed")
struct EditingScenarioTests {
    @Test("deleting in a single-section list")
    func deleteInSingleSection() throws {
        let store = PileStore(first: ["AS", "KD", "0H"])
        var editor = store.editor()
        editor.bind(
            .onSection("first").allowEditing(style: .delete)
                .onDelete { row, reason, model in
                    store.removeModel(section: "first", row: row, reason: reason, model: model)
                })

        #expect(editor.editingStyle(at: path("first", 1)) == .delete)
        #expect(try editor.deleteRequested(at: path("first", 1)) == .deleted(path("first", 1)))
        #expect(store.calls == [.delete(section: "first", row: 1, reason: .editing, model: "KD")])
        #expect(store.first == ["AS", "0H"])

        #expect(try editor.deleteRequested(at: path("first", 2)) == .refused(.rowOutOfRange))
        #expect(try editor.deleteRequested(at: path("nowhere", 0)) == .refused(.unknownSection))
        #expect(try editor.insertRequested(at: path("first", 0)) == .refused(.styleNotAllowed(offered: .delete)))
        #expect(store.calls.count == 1)
        #expect(store.first == ["AS", "0H"])
    }

    @Test("inserting: the handler makes the model, which is nil in the call")
    func insert() throws {
        let store = PileStore(first: ["AS"])
        var editor = store.editor()
        editor.bind(.onWholeList().allowEditing(style: .insert).onInsert(store.insertModel))

        #expect(try editor.insertRequested(at: path("first", 1)) == .inserted(path("first", 1)))
        #expect(store.calls == [.insert(section: "first", row: 1, reason: .editing, model: nil)])
        #expect(store.first == ["AS", "new1"])
        #expect(try editor.insertRequested(at: path("second", 0)) == .inserted(path("second", 0)))
        #expect(store.second == ["new2"])
        #expect(try editor.insertRequested(at: path("first", 3)) == .refused(.rowOutOfRange))
        #expect(try editor.deleteRequested(at: path("first", 0)) == .refused(.styleNotAllowed(offered: .insert)))
    }

    @Test("per-row styles: delete, insert or nothing by row")
    func perRowStyles() throws {
        let store = PileStore(first: ["AS", "KD", "0H"])
        var editor = store.editor()
        editor.bind(
            .onWholeList()
                .allowEditing(styleForRow: { _, row in row == 0 ? .delete : row == 1 ? .insert : .none })
                .onDelete(store.removeModel).onInsert(store.insertModel))

        #expect((0..<3).map { editor.editingStyle(at: path("first", $0)) } == [.delete, .insert, .none])
        #expect(try editor.deleteRequested(at: path("first", 2)) == .refused(.styleNotAllowed(offered: .none)))
        #expect(try editor.deleteRequested(at: path("first", 1)) == .refused(.styleNotAllowed(offered: .insert)))
        #expect(store.calls.isEmpty)
        #expect(try editor.insertRequested(at: path("first", 1)) == .inserted(path("first", 1)))
        #expect(store.first == ["AS", "new1", "KD", "0H"])
        #expect(try editor.deleteRequested(at: path("first", 0)) == .deleted(path("first", 0)))
        #expect(store.first == ["new1", "KD", "0H"])
        #expect(
            store.calls == [
                .insert(section: "first", row: 1, reason: .editing, model: nil),
                .delete(section: "first", row: 0, reason: .editing, model: "AS"),
            ])
    }

    @Test("moving between two sections with toAnySection: onDelete first, then onInsert")
    func moveBetweenSections() throws {
        let store = PileStore(first: ["AS", "KD"], second: ["0H", "QC"])
        var editor = store.editor()
        editor.bind(
            .onSections("first", "second").allowMoving(.toAnySection)
                .onDelete(store.removeModel).onInsert(store.insertModel))

        #expect(editor.canMoveRow(at: path("first", 0)))
        #expect(
            try editor.moveRequested(from: path("first", 0), to: path("second", 1))
                == .moved(source: path("first", 0), destination: path("second", 1)))
        #expect(
            store.calls == [
                .delete(section: "first", row: 0, reason: .moved(path("second", 1)), model: "AS"),
                .insert(section: "second", row: 1, reason: .moved(path("first", 0)), model: "AS"),
            ])
        #expect(store.first == ["KD"])
        #expect(store.second == ["0H", "AS", "QC"])

        // Appending at the end of the other section is a valid destination.
        #expect(
            try editor.moveRequested(from: path("second", 0), to: path("first", 1))
                == .moved(source: path("second", 0), destination: path("first", 1)))
        #expect(store.first == ["KD", "0H"])
        #expect(store.second == ["AS", "QC"])
    }

    @Test("moving within a section, down and up, with indices usable as given")
    func moveWithinSection() throws {
        let store = PileStore(first: ["A", "B", "C", "D", "E"])
        var editor = store.editor()
        editor.bind(
            .onSection("first").allowMoving(.withinSameSection).onDelete(store.removeModel).onInsert(store.insertModel))

        #expect(
            try editor.moveRequested(from: path("first", 1), to: path("first", 3))
                == .moved(source: path("first", 1), destination: path("first", 3)))
        #expect(store.first == ["A", "C", "D", "B", "E"])
        #expect(
            store.calls == [
                .delete(section: "first", row: 1, reason: .moved(path("first", 3)), model: "B"),
                .insert(section: "first", row: 3, reason: .moved(path("first", 1)), model: "B"),
            ])

        store.calls = []
        #expect(
            try editor.moveRequested(from: path("first", 3), to: path("first", 1))
                == .moved(source: path("first", 3), destination: path("first", 1)))
        #expect(store.first == ["A", "B", "C", "D", "E"])
        #expect(
            store.calls == [
                .delete(section: "first", row: 3, reason: .moved(path("first", 1)), model: "B"),
                .insert(section: "first", row: 1, reason: .moved(path("first", 3)), model: "B"),
            ])

        store.calls = []
        #expect(try editor.moveRequested(from: path("first", 2), to: path("first", 2)) == .unchanged)
        #expect(try editor.moveRequested(from: path("first", 0), to: path("first", 5)) == .refused(.rowOutOfRange))
        #expect(
            try editor.moveRequested(from: path("first", 0), to: path("first", 4))
                == .moved(source: path("first", 0), destination: path("first", 4)))
        #expect(store.first == ["B", "C", "D", "E", "A"])
    }

    @Test("refused moves call nothing and change nothing")
    func refusedMoves() throws {
        let store = PileStore(first: ["AS", "KD"], second: ["0H"])
        var editor = store.editor()
        editor.bind(
            .onSection("first").allowMoving(.withinSameSection, isMovable: { _, row in row != 1 })
                .onDelete(store.removeModel).onInsert(store.insertModel))
        editor.bind(.onSection("second").onDelete(store.removeModel).onInsert(store.insertModel))

        #expect(
            try editor.moveRequested(from: path("first", 0), to: path("second", 0)) == .refused(.destinationNotAllowed))
        #expect(try editor.moveRequested(from: path("first", 1), to: path("first", 0)) == .refused(.rowNotMovable))
        #expect(try editor.moveRequested(from: path("second", 0), to: path("first", 0)) == .refused(.movingNotAllowed))
        #expect(try editor.moveRequested(from: path("first", 2), to: path("first", 0)) == .refused(.rowOutOfRange))
        #expect(!editor.canMoveRow(at: path("first", 1)))
        #expect(editor.moveRefusal(from: path("first", 0), to: path("first", 1)) == nil)
        #expect(store.calls.isEmpty)
        #expect(store.first == ["AS", "KD"])
        #expect(store.second == ["0H"])
    }

    @Test("listed and predicate destinations; a destination without an insert handler")
    func destinationPolicies() throws {
        let store = PileStore(first: ["AS"], second: ["0H"])
        var editor = store.editor()
        editor.bind(.onSection("first").allowMoving(.toSections(["second"])).onDelete(store.removeModel))
        editor.bind(
            .onSection("second").allowMoving(.toSectionsPassing { $0 == "first" }).onDelete(store.removeModel))
        #expect(try editor.moveRequested(from: path("first", 0), to: path("second", 0)) == .refused(.noInsertHandler))

        editor.bind(.onWholeList().onInsert(store.insertModel))
        // The single-section bindings above stay more specific than the whole-list one, so they still lack onInsert.
        #expect(try editor.moveRequested(from: path("first", 0), to: path("second", 0)) == .refused(.noInsertHandler))
        editor.bind(
            .onSections("first", "second").allowMoving(.toAnySection).onDelete(store.removeModel).onInsert(
                store.insertModel))
        #expect(try editor.moveRequested(from: path("first", 0), to: path("second", 0)) == .refused(.noInsertHandler))
        #expect(store.calls.isEmpty)

        var scoped = store.editor()
        scoped.bind(
            .onSection("first").allowMoving(.toSections(["second"])).onDelete(store.removeModel).onInsert(
                store.insertModel))
        scoped.bind(
            .onSection("second").allowMoving(.toSectionsPassing { $0 == "nowhere" })
                .onDelete(store.removeModel).onInsert(store.insertModel))
        #expect(
            try scoped.moveRequested(from: path("second", 0), to: path("first", 0)) == .refused(.destinationNotAllowed))
        #expect(
            try scoped.moveRequested(from: path("first", 0), to: path("second", 1))
                == .moved(source: path("first", 0), destination: path("second", 1)))
        #expect(store.first.isEmpty)
        #expect(store.second == ["0H", "AS"])
    }
}
