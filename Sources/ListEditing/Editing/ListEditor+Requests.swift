extension ListEditor {
    /// Handles the user committing a delete control: calls the binding's `onDelete` with reason
    /// ``EditReason/editing`` and checks that the section lost exactly one row.
    ///
    /// - Parameter indexPath: The row whose delete control was committed.
    /// - Returns: ``EditOutcome/deleted(_:)``, or ``EditOutcome/refused(_:)`` if the row does not exist, its
    ///   binding does not offer ``EditingStyle/delete`` there, or has no delete handler.
    /// - Throws: ``EditingError`` if the handler did not remove exactly one model.
    public func deleteRequested(at indexPath: ListIndexPath<SectionID>) throws(EditingError) -> EditOutcome<SectionID> {
        let list = readModels()
        guard let section = list.sectionIndex(of: indexPath.section) else { return .refused(.unknownSection) }
        let models = list.sections[section].models
        guard models.indices.contains(indexPath.row) else { return .refused(.rowOutOfRange) }
        guard let binding = binding(for: indexPath.section) else { return .refused(.sectionNotBound) }
        let style = binding.editingPolicy.style(section: indexPath.section, row: indexPath.row)
        guard style == .delete else { return .refused(.styleNotAllowed(offered: style)) }
        guard let onDelete = binding.deleteHandler else { return .refused(.noDeleteHandler) }

        onDelete(indexPath.section, indexPath.row, .editing, models[indexPath.row])
        try verify(indexPath.section, rowCount: models.count - 1, after: .delete, removedByMove: false)
        return .deleted(indexPath)
    }

    /// Handles the user committing an insert control: calls the binding's `onInsert` with reason
    /// ``EditReason/editing`` and no model, and checks that the section gained exactly one row.
    ///
    /// - Parameter indexPath: Where the new row goes; the row may equal the section's row count to append.
    /// - Returns: ``EditOutcome/inserted(_:)``, or ``EditOutcome/refused(_:)`` if the location does not exist, its
    ///   binding does not offer ``EditingStyle/insert`` there, or has no insert handler.
    /// - Throws: ``EditingError`` if the handler did not add exactly one model.
    public func insertRequested(at indexPath: ListIndexPath<SectionID>) throws(EditingError) -> EditOutcome<SectionID> {
        let list = readModels()
        guard let count = list.numberOfRows(in: indexPath.section) else { return .refused(.unknownSection) }
        guard (0...count).contains(indexPath.row) else { return .refused(.rowOutOfRange) }
        guard let binding = binding(for: indexPath.section) else { return .refused(.sectionNotBound) }
        let style = binding.editingPolicy.style(section: indexPath.section, row: indexPath.row)
        guard style == .insert else { return .refused(.styleNotAllowed(offered: style)) }
        guard let onInsert = binding.insertHandler else { return .refused(.noInsertHandler) }

        onInsert(indexPath.section, indexPath.row, .editing, nil)
        try verify(indexPath.section, rowCount: count + 1, after: .insert, removedByMove: false)
        return .inserted(indexPath)
    }

    /// Handles the user dropping a row at a new place: calls `onDelete` of the source's binding, then `onInsert` of
    /// the destination's binding, both with reason ``EditReason/moved(_:)`` naming the other end.
    ///
    /// `destination` is the row's position after the move, as UIKit's `moveRowAt:to:` gives it. So the handlers
    /// can apply the indices as given: `onDelete(source.section, source.row)` removes the model, and
    /// `onInsert(destination.section, destination.row)` inserts it into the array that already lacks it. Moving
    /// row 1 to row 3 of `[A, B, C, D, E]` removes `B` (giving `[A, C, D, E]`) and inserts it at 3
    /// (`[A, C, D, B, E]`); moving row 3 to row 1 gives `[A, D, B, C, E]`.
    ///
    /// - Parameters:
    ///   - source: The row's current location.
    ///   - destination: The row's location after the move. Within the same section its row is in `0..<count`; in
    ///     another section, in `0...count` of that section.
    /// - Returns: ``EditOutcome/moved(source:destination:)``, ``EditOutcome/unchanged`` if source and destination are
    ///   equal (no handler is called), or ``EditOutcome/refused(_:)`` with the first reason that applies.
    /// - Throws: ``EditingError`` if a handler did not remove or add exactly one model; when the delete handler
    ///   fails, the insert handler is not called.
    public func moveRequested(
        from source: ListIndexPath<SectionID>, to destination: ListIndexPath<SectionID>
    ) throws(EditingError) -> EditOutcome<SectionID> {
        let list = readModels()
        if let refusal = moveRefusal(from: source, to: destination, in: list) { return .refused(refusal) }
        if source == destination { return .unchanged }
        // The refusal check above guarantees the sections, rows and both handlers exist.
        guard let sourceCount = list.numberOfRows(in: source.section),
            let model = list.model(at: source),
            let onDelete = binding(for: source.section)?.deleteHandler,
            let onInsert = binding(for: destination.section)?.insertHandler
        else { return .refused(.unknownSection) }

        onDelete(source.section, source.row, .moved(destination), model)
        try verify(source.section, rowCount: sourceCount - 1, after: .delete, removedByMove: false)

        let destinationCount = readModels().numberOfRows(in: destination.section) ?? 0
        onInsert(destination.section, destination.row, .moved(source), model)
        try verify(destination.section, rowCount: destinationCount + 1, after: .insert, removedByMove: true)
        return .moved(source: source, destination: destination)
    }

    func sourceRefusal(at source: ListIndexPath<SectionID>, in list: SectionedList<SectionID, Model>) -> EditRefusal? {
        guard let count = list.numberOfRows(in: source.section) else { return .unknownSection }
        guard (0..<count).contains(source.row) else { return .rowOutOfRange }
        guard let binding = binding(for: source.section) else { return .sectionNotBound }
        guard binding.movementPolicy != nil else { return .movingNotAllowed }
        if let isMovable = binding.isMovable, !isMovable(source.section, source.row) { return .rowNotMovable }
        guard binding.deleteHandler != nil else { return .noDeleteHandler }
        return nil
    }

    func moveRefusal(
        from source: ListIndexPath<SectionID>, to destination: ListIndexPath<SectionID>,
        in list: SectionedList<SectionID, Model>
    ) -> EditRefusal? {
        if let refusal = sourceRefusal(at: source, in: list) { return refusal }
        guard let destinationCount = list.numberOfRows(in: destination.section) else { return .unknownSection }
        // Within one section the destination is a final position among the same rows; elsewhere it may append.
        let lastRow = destination.section == source.section ? destinationCount - 1 : destinationCount
        guard (0...lastRow).contains(destination.row) else { return .rowOutOfRange }
        guard let policy = binding(for: source.section)?.movementPolicy,
            policy.allowsMove(from: source.section, to: destination.section)
        else { return .destinationNotAllowed }
        guard let destinationBinding = binding(for: destination.section) else { return .sectionNotBound }
        guard destinationBinding.insertHandler != nil else { return .noInsertHandler }
        return nil
    }
}
