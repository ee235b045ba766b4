/// What a ``ListEditor`` did with an editing or moving request.
public enum EditOutcome<SectionID: Hashable>: Hashable {
    /// The delete handler removed the model at the index path.
    case deleted(ListIndexPath<SectionID>)
    /// The insert handler added a model at the index path.
    case inserted(ListIndexPath<SectionID>)
    /// The delete and insert handlers moved the model; `destination` is its final position.
    case moved(source: ListIndexPath<SectionID>, destination: ListIndexPath<SectionID>)
    /// The move's source and destination are the same; no handler was called.
    case unchanged
    /// The request was refused for the reason given; no handler was called and nothing changed.
    case refused(EditRefusal)
}

extension EditOutcome: Sendable where SectionID: Sendable {}
