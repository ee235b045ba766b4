/// One section of a ``SectionedList``: its identifier and the models of its rows, in order.
///
/// The identifier is what editing bindings refer to and what the diff matches sections by; a section value that
/// carries more than its identity (a title, a count) can still be diffed with a `sectionIdentity` closure, see
/// ``StagedListChangeset/init(from:to:sectionIdentity:sectionContentEqual:rowIdentity:rowContentEqual:)``.
public struct ListSection<SectionID: Hashable, Model> {
    /// The section's identifier.
    public var id: SectionID
    /// The models of the section's rows, first row first.
    public var models: [Model]

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - id: The section's identifier.
    ///   - models: The models of the section's rows, first row first.
    @inlinable
    public init(id: SectionID, models: [Model]) {
        self.id = id
        self.models = models
    }
}

extension ListSection: Equatable where Model: Equatable {}
extension ListSection: Hashable where Model: Hashable {}
extension ListSection: Sendable where SectionID: Sendable, Model: Sendable {}
