/// Where the rows of a binding may be moved to.
///
/// Every policy allows moving a row within its own section; they differ in which other sections accept it.
/// The policy of the binding that holds the row being moved decides; the destination section only has to be
/// bound with an insert handler.
///
/// ```swift
/// ListBinding<Pile, String>.onSections([.first, .second]).allowMoving(.toAnySection)
/// ListBinding<Pile, String>.onSection(.hand).allowMoving(.toSections([.hand, .discard]))
/// ListBinding<Pile, String>.onWholeList().allowMoving(.toSectionsPassing { $0 != .stock })
/// ```
public enum MovementPolicy<SectionID: Hashable> {
    /// Rows may move to any section of the list.
    case toAnySection
    /// Rows may move within their section and to the listed sections.
    case toSections(Set<SectionID>)
    /// Rows may move within their section and to the sections for which the predicate returns `true`.
    case toSectionsPassing((SectionID) -> Bool)
    /// Rows may only be reordered within their own section.
    case withinSameSection

    /// Returns whether this policy lets a row of one section move to another.
    ///
    /// - Parameters:
    ///   - source: The section that holds the row.
    ///   - destination: The section the row would move to.
    /// - Returns: `true` if the move is allowed; always `true` when both are the same section.
    public func allowsMove(from source: SectionID, to destination: SectionID) -> Bool {
        if source == destination { return true }
        switch self {
        case .toAnySection: return true
        case .toSections(let sections): return sections.contains(destination)
        case .toSectionsPassing(let predicate): return predicate(destination)
        case .withinSameSection: return false
        }
    }
}
