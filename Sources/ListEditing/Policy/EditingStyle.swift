/// The editing control a row offers: none, a delete control or an insert control.
///
/// These are the styles of the native table "editing mode" (the red "−" and green "+" buttons); a renderer draws
/// the control that ``ListEditor/editingStyle(at:)`` returns.
public enum EditingStyle: Hashable, Sendable {
    /// The row offers no editing control.
    case none
    /// The row offers a delete control; committing it calls the binding's delete handler.
    case delete
    /// The row offers an insert control; committing it calls the binding's insert handler.
    case insert
}

/// Which editing controls the rows of a binding offer.
///
/// ```swift
/// ListBinding<String, String>.onWholeList().allowEditing(style: .delete)
/// ListBinding<String, String>.onWholeList().allowEditing(styleForRow: { section, row in
///     row == 0 ? .none : .delete
/// })
/// ```
public enum EditingPolicy<SectionID: Hashable> {
    /// No row of the binding can be edited; this is the default.
    case disabled
    /// Every row of the binding offers the same control.
    case style(EditingStyle)
    /// Each row offers the control that the function returns for its section and row.
    ///
    /// For an insert request at the end of a section the function is called with the section's row count as the
    /// row, so a host can offer "append" on an empty section.
    case styleForRow((SectionID, Int) -> EditingStyle)

    /// Returns the control a row offers under this policy.
    ///
    /// - Parameters:
    ///   - section: The row's section.
    ///   - row: The row's offset.
    /// - Returns: The row's editing style.
    public func style(section: SectionID, row: Int) -> EditingStyle {
        switch self {
        case .disabled: return .none
        case .style(let style): return style
        case .styleForRow(let styleForRow): return styleForRow(section, row)
        }
    }
}
