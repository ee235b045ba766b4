/// The editing rules and handlers for the sections in one scope of a list.
///
/// A binding is built as a chain, as in Braid: pick the scope, allow editing or moving, and give the handlers that
/// change the host's models. Then hand it to ``ListEditor/bind(_:)``.
///
/// ```swift
/// final class Table {
///     var first: [String] = ["AS", "KD"]
///     var second: [String] = ["0H"]
/// }
/// let table = Table()
/// let binding = ListBinding<Pile, String>.onSections([.first, .second])
///     .allowMoving(.toAnySection)
///     .onDelete { section, row, reason, model in
///         if section == .first { table.first.remove(at: row) } else { table.second.remove(at: row) }
///     }
///     .onInsert { section, row, reason, model in
///         guard let model else { return }
///         if section == .first { table.first.insert(model, at: row) } else { table.second.insert(model, at: row) }
///     }
/// ```
///
/// Handlers may use the section and row they are given on their arrays as is: for a move the editor calls
/// `onDelete` first and then `onInsert` with the row already counted after the removal.
public struct ListBinding<SectionID: Hashable, Model> {
    /// Called to remove a model: section, row, reason and the model being removed.
    public typealias DeleteHandler = (SectionID, Int, EditReason<SectionID>, Model) -> Void
    /// Called to add a model: section, row, reason and, for a move, the moved model (`nil` for an insert control).
    public typealias InsertHandler = (SectionID, Int, EditReason<SectionID>, Model?) -> Void

    /// The sections this binding applies to.
    public var scope: BindingScope<SectionID>
    /// Which editing controls the rows offer; ``EditingPolicy/disabled`` unless set.
    public var editingPolicy: EditingPolicy<SectionID> = .disabled
    /// Where rows may be moved to, or `nil` if the rows cannot be moved.
    public var movementPolicy: MovementPolicy<SectionID>?
    /// Whether a row (section, row) can be moved at all; `nil` means every row can.
    public var isMovable: ((SectionID, Int) -> Bool)?
    /// The handler that removes models, for deletes and for moves out of a row's position.
    public var deleteHandler: DeleteHandler?
    /// The handler that adds models, for inserts and for moves into a position.
    public var insertHandler: InsertHandler?

    /// Creates a binding with editing and moving disabled and no handlers.
    ///
    /// - Parameter scope: The sections the binding applies to.
    public init(scope: BindingScope<SectionID>) {
        self.scope = scope
    }

    /// Returns a binding for every section of the list (Braid's `onTable()`).
    ///
    /// - Returns: A binding with editing and moving disabled.
    public static func onWholeList() -> Self {
        Self(scope: .wholeList)
    }

    /// Returns a binding for one section.
    ///
    /// - Parameter section: The section's identifier.
    /// - Returns: A binding with editing and moving disabled.
    public static func onSection(_ section: SectionID) -> Self {
        Self(scope: .section(section))
    }

    /// Returns a binding for several sections.
    ///
    /// - Parameter sections: The sections' identifiers.
    /// - Returns: A binding with editing and moving disabled.
    public static func onSections(_ sections: Set<SectionID>) -> Self {
        Self(scope: .sections(sections))
    }

    /// Returns a binding for several sections, listed as arguments (Braid's `onSections(.first, .second)`).
    ///
    /// - Parameter sections: The sections' identifiers.
    /// - Returns: A binding with editing and moving disabled.
    public static func onSections(_ sections: SectionID...) -> Self {
        Self(scope: .sections(Set(sections)))
    }

    /// Returns this binding with every row offering the same editing control.
    ///
    /// - Parameter style: The control, for example ``EditingStyle/delete``.
    /// - Returns: The changed binding.
    public func allowEditing(style: EditingStyle) -> Self {
        var copy = self
        copy.editingPolicy = .style(style)
        return copy
    }

    /// Returns this binding with each row offering the control a function chooses.
    ///
    /// - Parameter styleForRow: Returns the control for a section and row.
    /// - Returns: The changed binding.
    public func allowEditing(styleForRow: @escaping (SectionID, Int) -> EditingStyle) -> Self {
        var copy = self
        copy.editingPolicy = .styleForRow(styleForRow)
        return copy
    }

    /// Returns this binding with moving allowed.
    ///
    /// - Parameters:
    ///   - policy: Where rows may be moved to.
    ///   - isMovable: Whether a row (section, row) can be moved; `nil` lets every row move.
    /// - Returns: The changed binding.
    public func allowMoving(_ policy: MovementPolicy<SectionID>, isMovable: ((SectionID, Int) -> Bool)? = nil) -> Self {
        var copy = self
        copy.movementPolicy = policy
        copy.isMovable = isMovable
        return copy
    }

    /// Returns this binding with a delete handler that receives the section.
    ///
    /// - Parameter handler: Removes the model at (section, row) from the host's data.
    /// - Returns: The changed binding.
    public func onDelete(_ handler: @escaping DeleteHandler) -> Self {
        var copy = self
        copy.deleteHandler = handler
        return copy
    }

    /// Returns this binding with a delete handler for a single-section binding, which needs no section argument.
    ///
    /// - Parameter handler: Removes the model at the row from the host's data; receives row, reason and model.
    /// - Returns: The changed binding.
    public func onDelete(_ handler: @escaping (Int, EditReason<SectionID>, Model) -> Void) -> Self {
        onDelete { _, row, reason, model in handler(row, reason, model) }
    }

    /// Returns this binding with an insert handler that receives the section.
    ///
    /// - Parameter handler: Inserts a model at (section, row) in the host's data; the model argument is the moved
    ///   model for a move and `nil` for an insert control, where the host makes the new model.
    /// - Returns: The changed binding.
    public func onInsert(_ handler: @escaping InsertHandler) -> Self {
        var copy = self
        copy.insertHandler = handler
        return copy
    }

    /// Returns this binding with an insert handler for a single-section binding, which needs no section argument.
    ///
    /// - Parameter handler: Inserts a model at the row in the host's data; receives row, reason and the moved model.
    /// - Returns: The changed binding.
    public func onInsert(_ handler: @escaping (Int, EditReason<SectionID>, Model?) -> Void) -> Self {
        onInsert { _, row, reason, model in handler(row, reason, model) }
    }
}
