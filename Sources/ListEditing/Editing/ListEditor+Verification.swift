extension ListEditor {
    enum HandlerKind {
        case delete
        case insert
    }

    /// Re-reads the models after a handler and checks the section's row count.
    func verify(
        _ section: SectionID, rowCount expected: Int, after kind: HandlerKind, removedByMove: Bool
    ) throws(EditingError) {
        let actual = readModels().numberOfRows(in: section)
        if actual == expected { return }
        let error: EditingError
        switch (kind, actual) {
        case (_, nil):
            error = EditingError(
                code: .sectionDisappeared,
                message: "The section a handler worked on is no longer in the list; handlers must only remove "
                    + "or insert the one model they are given.",
                expectedRowCount: expected, actualRowCount: nil, modelRemovedByMove: removedByMove)
        case (.delete, let actual?):
            error = EditingError(
                code: .deleteHandlerDidNotRemoveModel,
                message: "onDelete must remove exactly one model at the given row: the section should have "
                    + "\(expected) rows but has \(actual).",
                expectedRowCount: expected, actualRowCount: actual, modelRemovedByMove: removedByMove)
        case (.insert, let actual?):
            error = EditingError(
                code: .insertHandlerDidNotInsertModel,
                message: "onInsert must insert exactly one model at the given row: the section should have "
                    + "\(expected) rows but has \(actual)."
                    + (removedByMove ? " The moved model was already removed from its source section." : ""),
                expectedRowCount: expected, actualRowCount: actual, modelRemovedByMove: removedByMove)
        }
        if options.assertsOnHandlerMistakes {
            assertionFailure("ListEditor: a handler did not change the models as required (see EditingError)")
        }
        throw error
    }
}
