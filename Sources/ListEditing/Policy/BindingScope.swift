/// The sections a ``ListBinding`` applies to: the whole list, one section, or several sections.
///
/// When several bindings cover a section, the most specific one decides for it: a single-section binding over a
/// several-sections binding over a whole-list binding; among equally specific ones, the one bound last.
public enum BindingScope<SectionID: Hashable> {
    /// Every section of the list, including sections added later.
    case wholeList
    /// One section.
    case section(SectionID)
    /// The listed sections.
    case sections(Set<SectionID>)

    /// Returns whether the scope covers a section.
    ///
    /// - Parameter section: The section's identifier.
    /// - Returns: `true` if a binding with this scope applies to the section.
    public func contains(_ section: SectionID) -> Bool {
        switch self {
        case .wholeList: return true
        case .section(let id): return id == section
        case .sections(let ids): return ids.contains(section)
        }
    }

    /// How specific the scope is; a more specific binding wins over a less specific one.
    var specificity: Int {
        switch self {
        case .wholeList: return 0
        case .sections: return 1
        case .section: return 2
        }
    }
}

extension BindingScope: Equatable {}
extension BindingScope: Hashable {}
extension BindingScope: Sendable where SectionID: Sendable {}
