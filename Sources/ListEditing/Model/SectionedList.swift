/// An ordered list of sections, each with an identifier and the models of its rows.
///
/// `SectionedList` is the plain value that a ``ListEditor`` reads after every handler and that
/// ``StagedListChangeset`` diffs. Sections are looked up by identifier with a linear scan, which suits lists with
/// a handful of sections (piles on a table, groups in a settings screen); rows are plain arrays.
///
/// ```swift
/// var piles = SectionedList<String, String>([
///     ListSection(id: "discard", models: ["AS", "0H"]),
///     ListSection(id: "hand", models: ["KD"]),
/// ])
/// piles.insert("QC", at: ListIndexPath(section: "hand", row: 1))
/// ```
///
/// If two sections share an identifier, lookups by identifier find the first of them.
public struct SectionedList<SectionID: Hashable, Model> {
    /// The sections, in display order.
    public var sections: [ListSection<SectionID, Model>]

    /// Creates a list from sections in display order.
    ///
    /// - Parameter sections: The sections, first section first.
    @inlinable
    public init(_ sections: [ListSection<SectionID, Model>] = []) {
        self.sections = sections
    }

    /// The identifiers of the sections, in display order.
    public var sectionIDs: [SectionID] {
        sections.map { $0.id }
    }

    /// The total number of rows over all sections.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections.
    public var numberOfRows: Int {
        var total = 0
        for section in sections { total += section.models.count }
        return total
    }

    /// Returns the offset of the first section with an identifier.
    ///
    /// - Parameter section: The identifier to look for.
    /// - Returns: The section's offset in ``sections``, or `nil` if no section has that identifier.
    /// - Complexity: O(*s*), where *s* is the number of sections.
    public func sectionIndex(of section: SectionID) -> Int? {
        sections.firstIndex { $0.id == section }
    }

    /// Returns the number of rows in a section.
    ///
    /// - Parameter section: The section's identifier.
    /// - Returns: The number of rows, or `nil` if there is no such section.
    public func numberOfRows(in section: SectionID) -> Int? {
        sectionIndex(of: section).map { sections[$0].models.count }
    }

    /// The models of a section, or `nil` if there is no such section.
    ///
    /// Setting `nil` removes the section; setting models for an unknown identifier appends a new section.
    ///
    /// - Parameter section: The section's identifier.
    public subscript(section section: SectionID) -> [Model]? {
        get {
            sectionIndex(of: section).map { sections[$0].models }
        }
        set {
            let index = sectionIndex(of: section)
            switch (index, newValue) {
            case (let index?, let models?): sections[index].models = models
            case (let index?, nil): sections.remove(at: index)
            case (nil, let models?): sections.append(ListSection(id: section, models: models))
            case (nil, nil): break
            }
        }
    }

    /// Returns the model at a location.
    ///
    /// - Parameter indexPath: The row's location.
    /// - Returns: The model, or `nil` if the section does not exist or the row is out of range.
    public func model(at indexPath: ListIndexPath<SectionID>) -> Model? {
        guard let section = sectionIndex(of: indexPath.section) else { return nil }
        let models = sections[section].models
        return models.indices.contains(indexPath.row) ? models[indexPath.row] : nil
    }

    /// Removes and returns the model at a location.
    ///
    /// - Parameter indexPath: The row's location.
    /// - Returns: The removed model, or `nil` (and nothing changes) if the location does not exist.
    @discardableResult
    public mutating func removeModel(at indexPath: ListIndexPath<SectionID>) -> Model? {
        guard let section = sectionIndex(of: indexPath.section),
            sections[section].models.indices.contains(indexPath.row)
        else { return nil }
        return sections[section].models.remove(at: indexPath.row)
    }

    /// Inserts a model at a location, moving the rows at and after it down by one.
    ///
    /// - Parameters:
    ///   - model: The model to insert.
    ///   - indexPath: The location the model will have; its row may equal the section's row count to append.
    /// - Returns: `true` if the model was inserted, `false` (and nothing changes) if the section does not exist or
    ///   the row is out of range.
    @discardableResult
    public mutating func insert(_ model: Model, at indexPath: ListIndexPath<SectionID>) -> Bool {
        guard let section = sectionIndex(of: indexPath.section),
            (0...sections[section].models.count).contains(indexPath.row)
        else { return false }
        sections[section].models.insert(model, at: indexPath.row)
        return true
    }
}

extension SectionedList: Equatable where Model: Equatable {}
extension SectionedList: Hashable where Model: Hashable {}
extension SectionedList: Sendable where SectionID: Sendable, Model: Sendable {}
