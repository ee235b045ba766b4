import ListEditing
import Testing

/// Every list of up to `length` letters from a 4-letter alphabet, shortest first.
func allWords(upTo length: Int, alphabet: Int = 4) -> [[Int]] {
    var words: [[Int]] = [[]]
    var previous: [[Int]] = [[]]
    for _ in 0..<length {
        previous = previous.flatMap { word in (0..<alphabet).map { word + [$0] } }
        words += previous
    }
    return words
}

func singleSection<Model>(_ models: [Model]) -> SectionedList<Int, Model> {
    SectionedList([ListSection(id: 0, models: models)])
}

/// Whether a word names its letters in order of first appearance (a, then b, …). The diff only compares
/// identities for equality and walks positions in order, never hash order, so renaming letters renames its output
/// and nothing else: checking every pair whose old list is canonical covers every pair.
func isCanonicalWord(_ word: [Int]) -> Bool {
    var nextNew = 0
    for letter in word {
        if letter > nextNew { return false }
        if letter == nextNew { nextNew += 1 }
    }
    return true
}

/// Runs the oracle on each pair, recording the first few failures.
func expectOracle<SectionID: Hashable, Model: Equatable, RowKey: Hashable>(
    pairs: some Sequence<(SectionedList<SectionID, Model>, SectionedList<SectionID, Model>)>,
    rowIdentity: @escaping (Model) -> RowKey, rowContentEqual: @escaping (Model, Model) -> Bool
) -> Int {
    var checked = 0
    var failures = 0
    for (old, new) in pairs {
        checked += 1
        let changes = StagedListChangeset(
            from: old, to: new, rowIdentity: rowIdentity, rowContentEqual: rowContentEqual)
        if let failure = oracleFailure(
            from: old, to: new, changes: changes, sectionIdentity: { $0 }, rowIdentity: rowIdentity)
        {
            failures += 1
            if failures <= 3 { Issue.record("\(old.sections) → \(new.sections): \(failure)") }
        }
    }
    #expect(failures == 0)
    return checked
}

@Suite("Diff, exhaustive over small lists")
struct DiffExhaustiveTests {
    static let wordsUpTo4 = allWords(upTo: 4)

    /// Every pair of lists of up to 4 letters from a 4-letter alphabet (341 × 341 pairs), covered by the 24
    /// canonical old lists against all 341 new lists.
    @Test("all pairs of lists up to length 4, letters as identity")
    func allPairsUpToFour() {
        let olds = Self.wordsUpTo4.filter(isCanonicalWord)
        #expect(olds.count == 24)
        let pairs = olds.lazy.flatMap { old in Self.wordsUpTo4.lazy.map { (singleSection(old), singleSection($0)) } }
        let checked = expectOracle(
            pairs: pairs, rowIdentity: { (letter: Int) in letter }, rowContentEqual: { _, _ in true })
        #expect(checked == 24 * 341)
    }

    /// Lists of length 5 and 6: the 51 + 187 canonical ones, each against a fixed sample of lists of every length
    /// up to 6 (160 for length 5, 24 for length 6), both ways.
    @Test("lists of length 5 and 6 against a sample", arguments: [(5, 160), (6, 24)])
    func longerListsAgainstSample(length: Int, sampleSize: Int) {
        var generator = SeededGenerator(seed: UInt64(length))
        let everything = allWords(upTo: 6)
        let sample =
            (0..<sampleSize).map { _ in everything.randomElement(using: &generator)! } + [[], [0, 1, 2, 3, 0, 1]]
        let olds = everything.filter { $0.count == length && isCanonicalWord($0) }
        #expect(olds.count == (length == 5 ? 51 : 187))
        let pairs = olds.lazy.flatMap { old in
            sample.lazy.flatMap { new in
                [(singleSection(old), singleSection(new)), (singleSection(new), singleSection(old))]
            }
        }
        _ = expectOracle(pairs: pairs, rowIdentity: { (letter: Int) in letter }, rowContentEqual: { _, _ in true })
    }

    /// Letters a, A, b, B: identity is the letter ignoring case, content is the case. Every pair of lists up to
    /// length 4 (341 × 341), covered by the old lists that are smallest under swapping the two letters and
    /// flipping the case of either: updates together with duplicates, moves, inserts and deletes.
    @Test("all pairs up to length 4 with identity and content apart")
    func allPairsWithUpdates() {
        let renamings = (0..<8).map { bits in
            (0..<4).map { letter in
                var renamed = bits & 1 == 1 ? letter ^ 2 : letter
                if renamed < 2, bits & 2 == 2 { renamed ^= 1 }
                if renamed >= 2, bits & 4 == 4 { renamed ^= 1 }
                return renamed
            }
        }
        let words = allWords(upTo: 4)
        let olds = words.filter { word in
            renamings.allSatisfy { map in !word.map { map[$0] }.lexicographicallyPrecedes(word) }
        }
        let cards = { (word: [Int]) in singleSection(word.map { Card(id: $0 / 2, face: $0 % 2) }) }
        let pairs = olds.lazy.flatMap { old in words.lazy.map { (cards(old), cards($0)) } }
        let checked = expectOracle(pairs: pairs, rowIdentity: { $0.id }, rowContentEqual: { $0.face == $1.face })
        #expect(checked == olds.count * 341)
    }

    /// Every sectioned list with sections drawn in any order from {X, Y} holding up to 2 rows in total (157 lists)
    /// against every other, covered by the old lists whose section names and letters are canonical; and the
    /// canonical lists with up to 3 rows (797 lists in all) against a sample of 300: section inserts, deletes and
    /// moves together with row moves across sections.
    @Test("sectioned lists with up to 2 sections")
    func allSectionedPairs() {
        let small = Self.sectionedLists(sectionIDs: [0, 1], maxRows: 2)
        #expect(small.count == 157)
        let lists = Self.sectionedLists(sectionIDs: [0, 1], maxRows: 3)
        #expect(lists.count == 797)
        var generator = SeededGenerator(seed: 2)
        let sample = (0..<300).map { _ in lists.randomElement(using: &generator)! }
        let olds = lists.filter(Self.isCanonicalList)
        let pairs =
            Array(small.filter(Self.isCanonicalList).lazy.flatMap { old in small.lazy.map { (old, $0) } })
            + Array(olds.lazy.flatMap { old in sample.lazy.map { (old, $0) } })
        _ = expectOracle(pairs: pairs, rowIdentity: { (letter: Int) in letter }, rowContentEqual: { _, _ in true })
    }

    /// The canonical sectioned lists over three section names with up to 2 rows in total (of 1,060 lists) against
    /// a sample of 300: three-section reorders and moves between sections that move.
    @Test("sectioned lists with up to 3 sections and 2 rows against a sample")
    func threeSectionLists() {
        let lists = Self.sectionedLists(sectionIDs: [0, 1, 2], maxRows: 2)
        #expect(lists.count == 1_060)
        var generator = SeededGenerator(seed: 3)
        let sample = (0..<300).map { _ in lists.randomElement(using: &generator)! }
        let olds = lists.filter(Self.isCanonicalList)
        let pairs = olds.lazy.flatMap { old in sample.lazy.map { (old, $0) } }
        _ = expectOracle(pairs: pairs, rowIdentity: { (letter: Int) in letter }, rowContentEqual: { _, _ in true })
    }

    /// Section names and letters both appear in order of first appearance.
    static func isCanonicalList(_ list: SectionedList<Int, Int>) -> Bool {
        isCanonicalWord(list.sectionIDs) && isCanonicalWord(list.sections.flatMap(\.models))
    }

    /// Sectioned lists: every ordered choice of distinct section identifiers, with every distribution of every
    /// word of up to `maxRows` letters over those sections.
    static func sectionedLists(sectionIDs: [Int], maxRows: Int) -> [SectionedList<Int, Int>] {
        func orderedChoices(_ remaining: [Int]) -> [[Int]] {
            var result: [[Int]] = [[]]
            for (index, id) in remaining.enumerated() {
                var rest = remaining
                rest.remove(at: index)
                result += orderedChoices(rest).map { [id] + $0 }
            }
            return result
        }
        func splits(_ word: [Int], into count: Int) -> [[[Int]]] {
            guard count > 1 else { return [[word]] }
            return (0...word.count).flatMap { cut in
                splits(Array(word[cut...]), into: count - 1).map { [Array(word[..<cut])] + $0 }
            }
        }
        var lists: [SectionedList<Int, Int>] = []
        for ids in orderedChoices(sectionIDs) {
            for word in allWords(upTo: ids.isEmpty ? 0 : maxRows) {
                for split in splits(word, into: ids.count) where !ids.isEmpty {
                    lists.append(SectionedList(zip(ids, split).map { ListSection(id: $0, models: $1) }))
                }
                if ids.isEmpty { lists.append(SectionedList()) }
            }
        }
        return lists
    }
}
