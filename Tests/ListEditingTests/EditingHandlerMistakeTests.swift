import ListEditing
import Testing

/// Handlers that do not change the models as required: the editor throws a clear error, calls nothing further
/// and leaves the host's data as the handlers left it.
@Suite("Handler mistakes")
struct EditingHandlerMistakeTests {
    @Test("a delete handler that does not remove the model")
    func deleteHandlerDidNotMutate() {
        let store = PileStore(first: ["AS", "KD"])
        var editor = store.editor(asserting: false)
        editor.bind(.onWholeList().allowEditing(style: .delete).onDelete { _, _, _, _ in })
        do {
            _ = try editor.deleteRequested(at: path("first", 0))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .deleteHandlerDidNotRemoveModel)
            #expect(error.expectedRowCount == 1)
            #expect(error.actualRowCount == 2)
            #expect(!error.modelRemovedByMove)
            #expect(error.message.contains("should have 1 rows but has 2"))
        }
        #expect(store.first == ["AS", "KD"])
    }

    @Test("a move whose delete handler does nothing never calls the insert handler")
    func moveStopsAfterFailedDelete() {
        let store = PileStore(first: ["AS"], second: [])
        var editor = store.editor(asserting: false)
        editor.bind(.onWholeList().allowMoving(.toAnySection).onDelete { _, _, _, _ in }.onInsert(store.insertModel))
        #expect(throws: EditingError.self) {
            try editor.moveRequested(from: path("first", 0), to: path("second", 0))
        }
        #expect(store.calls.isEmpty)
        #expect(store.first == ["AS"])
        #expect(store.second.isEmpty)
    }

    @Test("a move whose insert handler does nothing reports that the model was already removed")
    func moveInsertDidNotMutate() {
        let store = PileStore(first: ["AS"], second: ["0H"])
        var editor = store.editor(asserting: false)
        editor.bind(.onWholeList().allowMoving(.toAnySection).onDelete(store.removeModel).onInsert { _, _, _, _ in })
        do {
            _ = try editor.moveRequested(from: path("first", 0), to: path("second", 0))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .insertHandlerDidNotInsertModel)
            #expect(error.modelRemovedByMove)
            #expect(error.expectedRowCount == 2)
            #expect(error.actualRowCount == 1)
        }
    }

    @Test("an insert handler that inserts twice, and one that removes the section")
    func wrongAmountAndVanishedSection() {
        let store = PileStore(first: ["AS"])
        var editor = store.editor(asserting: false)
        editor.bind(
            .onWholeList().allowEditing(style: .insert)
                .onInsert { _, row, _, _ in store.first.insert(contentsOf: ["X", "Y"], at: row) })
        do {
            _ = try editor.insertRequested(at: path("first", 0))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .insertHandlerDidNotInsertModel)
            #expect(error.actualRowCount == 3)
        }

        var vanishing = ListEditor<String, String>(
            options: .init(assertsOnHandlerMistakes: false),
            models: { store.first.isEmpty ? SectionedList() : store.list })
        vanishing.bind(.onWholeList().allowEditing(style: .delete).onDelete { _, _, _, _ in store.first = [] })
        do {
            _ = try vanishing.deleteRequested(at: path("first", 0))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .sectionDisappeared)
            #expect(error.actualRowCount == nil)
        }
    }
}
