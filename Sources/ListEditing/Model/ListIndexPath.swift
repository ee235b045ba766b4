/// The location of a row in a sectioned list, named by the section's identifier.
///
/// Editing requests, handler arguments and ``EditReason/moved(_:)`` use this type, so hosts never translate
/// between section offsets and their own section identifiers.
///
/// ```swift
/// let path = ListIndexPath(section: "pile-1", row: 0)
/// ```
public struct ListIndexPath<SectionID: Hashable>: Hashable {
    /// The identifier of the section that holds the row.
    public var section: SectionID
    /// The row's offset inside its section, starting at zero.
    public var row: Int

    /// Creates the location of a row.
    ///
    /// - Parameters:
    ///   - section: The identifier of the section that holds the row.
    ///   - row: The row's offset inside its section, starting at zero.
    public init(section: SectionID, row: Int) {
        self.section = section
        self.row = row
    }
}

extension ListIndexPath: Sendable where SectionID: Sendable {}
