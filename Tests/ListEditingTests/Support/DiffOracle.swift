import ListEditing

/// DifferenceKit's oracle: applying each stage in order to the old data yields that stage's data, and the last
/// stage's data is the new data. Returns `nil` when the changeset passes, or what went wrong.
func oracleFailure<SectionID: Hashable, Model: Equatable, SectionKey: Hashable, RowKey: Hashable>(
    from old: SectionedList<SectionID, Model>, to new: SectionedList<SectionID, Model>,
    changes: StagedListChangeset<SectionID, Model>,
    sectionIdentity: @escaping (SectionID) -> SectionKey, rowIdentity: @escaping (Model) -> RowKey
) -> String? {
    let applier = StageApplier(sectionIdentity: sectionIdentity, rowIdentity: rowIdentity)
    var current = old.sections
    for (index, stage) in changes.enumerated() {
        switch applier.apply(stage, to: current) {
        case .failure(let failure):
            return "stage \(index): \(failure.message)"
        case .success(let applied):
            guard applied == stage.data.sections else { return "stage \(index): applied data differs from its data" }
            current = applied
        }
    }
    return current == new.sections ? nil : "the last stage does not yield the new data"
}

/// A row with an identity and a content, so the diff can report updates.
struct Card: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var face: Int = 0

    var description: String { "\(id)/\(face)" }
}

/// A section value with an identity (`key`) and a content (`title`), so the diff can report section updates.
struct Pile: Hashable, Sendable {
    var key: Int
    var title: Int = 0
}
