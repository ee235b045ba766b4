import ListEditing

/// A host that owns its models in separate arrays, as the seed's samples do, and logs each handler call.
final class PileStore {
    enum Call: Equatable {
        case delete(section: String, row: Int, reason: EditReason<String>, model: String)
        case insert(section: String, row: Int, reason: EditReason<String>, model: String?)
    }

    var first: [String]
    var second: [String]
    var calls: [Call] = []

    init(first: [String], second: [String] = []) {
        self.first = first
        self.second = second
    }

    var list: SectionedList<String, String> {
        SectionedList([ListSection(id: "first", models: first), ListSection(id: "second", models: second)])
    }

    /// The seed's two-section handlers: remove from and insert into the array the section names.
    func removeModel(section: String, row: Int, reason: EditReason<String>, model: String) {
        calls.append(.delete(section: section, row: row, reason: reason, model: model))
        if section == "first" { first.remove(at: row) } else { second.remove(at: row) }
    }

    func insertModel(section: String, row: Int, reason: EditReason<String>, model: String?) {
        calls.append(.insert(section: section, row: row, reason: reason, model: model))
        let model = model ?? "new\(calls.count)"
        if section == "first" { first.insert(model, at: row) } else { second.insert(model, at: row) }
    }

    func editor(asserting: Bool = true) -> ListEditor<String, String> {
        ListEditor(options: .init(assertsOnHandlerMistakes: asserting), models: { self.list })
    }
}

func path(_ section: String, _ row: Int) -> ListIndexPath<String> {
    ListIndexPath(section: section, row: row)
}
