import ListEditing
import SeededRandom
import Testing

@Suite("Diff, seeded random inputs")
struct DiffRandomTests {
    /// Builds a random list of piles: mostly distinct card identities, a few duplicated ones, and a few
    /// duplicated pile keys.
    static func randomList(
        sections: Int, rowsPerSection: Int, using generator: inout SeededRandomNumberGenerator
    ) -> SectionedList<Pile, Card> {
        var nextCard = 0
        return SectionedList(
            (0..<sections).map { section in
                let key = Int.random(in: 0..<20, using: &generator) == 0 ? 0 : section
                let count = Int.random(in: 0...rowsPerSection, using: &generator)
                let models = (0..<count).map { _ in
                    nextCard += 1
                    let id = Int.random(in: 0..<30, using: &generator) == 0 ? nextCard % 7 : nextCard
                    return Card(id: id, face: 0)
                }
                return ListSection(id: Pile(key: key), models: models)
            })
    }

    /// Applies random edits: row deletes, inserts, moves within and across sections and updates; section deletes,
    /// inserts, moves and updates.
    static func randomEdit(
        of list: SectionedList<Pile, Card>, using generator: inout SeededRandomNumberGenerator
    )
        -> SectionedList<Pile, Card>
    {
        var sections = list.sections
        let edits = Int.random(in: 0...60, using: &generator)
        var freshID = 1_000_000
        for _ in 0..<edits {
            let kind = Int.random(in: 0..<10, using: &generator)
            if sections.isEmpty || kind == 0 {
                freshID += 1
                let section = ListSection(id: Pile(key: freshID), models: [Card(id: freshID, face: 0)])
                sections.insert(section, at: Int.random(in: 0...sections.count, using: &generator))
                continue
            }
            let section = Int.random(in: 0..<sections.count, using: &generator)
            switch kind {
            case 1:
                sections.remove(at: section)
            case 2:
                let moved = sections.remove(at: section)
                sections.insert(moved, at: Int.random(in: 0...sections.count, using: &generator))
            case 3:
                sections[section].id.title += 1
            case 4:
                freshID += 1
                let row = Int.random(in: 0...sections[section].models.count, using: &generator)
                sections[section].models.insert(Card(id: freshID, face: 0), at: row)
            default:
                guard !sections[section].models.isEmpty else { continue }
                let row = Int.random(in: 0..<sections[section].models.count, using: &generator)
                if kind == 5 {
                    sections[section].models[row].face += 1
                } else if kind == 6 {
                    sections[section].models.remove(at: row)
                } else {
                    let card = sections[section].models.remove(at: row)
                    let destination = Int.random(in: 0..<sections.count, using: &generator)
                    let destinationRow = Int.random(in: 0...sections[destination].models.count, using: &generator)
                    sections[destination].models.insert(card, at: destinationRow)
                }
            }
        }
        return SectionedList(sections)
    }

    @Test("random sectioned edits reproduce the target", arguments: 0..<4)
    func randomEdits(seed: UInt64) {
        var generator = SeededRandomNumberGenerator(seed: 1_000 + seed)
        for _ in 0..<40 {
            let old = Self.randomList(
                sections: Int.random(in: 0...12, using: &generator), rowsPerSection: 40,
                using: &generator)
            let new = Self.randomEdit(of: old, using: &generator)
            let changes = StagedListChangeset(
                from: old, to: new, sectionIdentity: { $0.key }, sectionContentEqual: { $0.title == $1.title },
                rowIdentity: { $0.id }, rowContentEqual: { $0.face == $1.face })
            let failure = oracleFailure(
                from: old, to: new, changes: changes, sectionIdentity: { $0.key }, rowIdentity: { $0.id })
            #expect(failure == nil)
        }
    }

    @Test("a large single section with deletes, inserts and moves")
    func largeSingleSection() {
        var generator = SeededRandomNumberGenerator(seed: 77)
        var models = (0..<5_000).map { Card(id: $0) }
        let old = SectionedList([ListSection(id: Pile(key: 0), models: models)])
        for _ in 0..<500 { models.remove(at: Int.random(in: 0..<models.count, using: &generator)) }
        for id in 0..<500 {
            models.insert(Card(id: 10_000 + id), at: Int.random(in: 0...models.count, using: &generator))
        }
        for _ in 0..<100 {
            let card = models.remove(at: Int.random(in: 0..<models.count, using: &generator))
            models.insert(card, at: Int.random(in: 0...models.count, using: &generator))
        }
        let new = SectionedList([ListSection(id: Pile(key: 0), models: models)])
        let changes = StagedListChangeset(
            from: old, to: new, sectionIdentity: { $0.key }, sectionContentEqual: { $0 == $1 },
            rowIdentity: { $0.id }, rowContentEqual: { $0 == $1 })
        #expect(
            oracleFailure(from: old, to: new, changes: changes, sectionIdentity: { $0.key }, rowIdentity: { $0.id })
                == nil)
        let deletes = changes.reduce(0) { $0 + $1.rowDeletes.count }
        let inserts = changes.reduce(0) { $0 + $1.rowInserts.count }
        let moves = changes.reduce(0) { $0 + $1.rowMoves.count }
        #expect(deletes == 500)
        #expect(inserts == 500)
        // At most the 100 moved cards move (fewer if a move put a card back in order).
        #expect(moves <= 100)
    }

    @Test("equal lists give no stage; duplicated section and row identities do not crash")
    func degenerateInputs() {
        let list = SectionedList<Int, Int>([ListSection(id: 1, models: [1, 1, 2]), ListSection(id: 1, models: [1])])
        #expect(StagedListChangeset(from: list, to: list).isEmpty)
        let other = SectionedList<Int, Int>([ListSection(id: 1, models: [1]), ListSection(id: 1, models: [2, 1, 1])])
        let changes = StagedListChangeset(from: list, to: other)
        #expect(
            oracleFailure(from: list, to: other, changes: changes, sectionIdentity: { $0 }, rowIdentity: { $0 }) == nil)
    }

    @Test("the documented example: a delete, then an insert and a move")
    func documentedExample() throws {
        let old = SectionedList<String, String>([ListSection(id: "hand", models: ["AS", "KD", "0H"])])
        let new = SectionedList<String, String>([ListSection(id: "hand", models: ["0H", "AS", "QC"])])
        let changes = StagedListChangeset(from: old, to: new)
        try #require(changes.count == 2)
        #expect(changes[0].rowDeletes == [RowPath(section: 0, row: 1)])
        #expect(changes[0].data.sections[0].models == ["AS", "0H"])
        #expect(changes[1].rowInserts == [RowPath(section: 0, row: 2)])
        #expect(
            changes[1].rowMoves == [RowMove(source: RowPath(section: 0, row: 0), target: RowPath(section: 0, row: 1))])
        #expect(changes[1].data == new)
    }
}
