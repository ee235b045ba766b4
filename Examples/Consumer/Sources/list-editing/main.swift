// Diffs two sectioned lists and moves a row between sections: ListEditing alone, no Foundation.
import ListEditing

let old = SectionedList<String, String>([
    ListSection(id: "hand", models: ["AS", "KD", "0H"]), ListSection(id: "discard", models: []),
])
let new = SectionedList<String, String>([
    ListSection(id: "hand", models: ["0H", "AS"]), ListSection(id: "discard", models: ["KD"]),
])
let changes = StagedListChangeset(from: old, to: new)
for (number, stage) in changes.enumerated() {
    print("stage", number, "deletes", stage.rowDeletes, "inserts", stage.rowInserts, "moves", stage.rowMoves)
}
guard changes.last?.data.sections.map(\.models) == new.sections.map(\.models) else {
    fatalError("list-editing: the last stage does not show the new list")
}
