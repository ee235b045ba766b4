/// The position of a row in a changeset: the section's offset and the row's offset, as a renderer's batch update
/// (`UITableView`'s `IndexPath`, a DOM list) addresses rows.
public struct RowPath: Hashable, Comparable, Sendable {
    /// The section's offset in the list.
    public var section: Int
    /// The row's offset in its section.
    public var row: Int

    /// Creates a row position.
    ///
    /// - Parameters:
    ///   - section: The section's offset in the list.
    ///   - row: The row's offset in its section.
    @inlinable
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Orders positions by section, then by row.
    ///
    /// - Parameters:
    ///   - lhs: A position.
    ///   - rhs: Another position.
    /// - Returns: `true` if `lhs` comes before `rhs`.
    public static func < (lhs: RowPath, rhs: RowPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }
}

/// A row moved within a stage: from its position in the previous stage's data to its position in this stage's.
public struct RowMove: Hashable, Sendable {
    /// The row's position before the stage.
    public var source: RowPath
    /// The row's position after the stage.
    public var target: RowPath

    /// Creates a row move.
    ///
    /// - Parameters:
    ///   - source: The row's position before the stage.
    ///   - target: The row's position after the stage.
    @inlinable
    public init(source: RowPath, target: RowPath) {
        self.source = source
        self.target = target
    }
}

/// A section moved within a stage: from its offset in the previous stage's data to its offset in this stage's.
public struct SectionMove: Hashable, Sendable {
    /// The section's offset before the stage.
    public var source: Int
    /// The section's offset after the stage.
    public var target: Int

    /// Creates a section move.
    ///
    /// - Parameters:
    ///   - source: The section's offset before the stage.
    ///   - target: The section's offset after the stage.
    @inlinable
    public init(source: Int, target: Int) {
        self.source = source
        self.target = target
    }
}
