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

/// Runs the oracle on each pair, recording the first few failures. It yields now and then, so that
/// these long runs share Swift's two cooperative threads with the other tests.
func expectOracle<SectionID: Hashable, Model: Equatable, RowKey: Hashable>(
    pairs: some Sequence<(SectionedList<SectionID, Model>, SectionedList<SectionID, Model>)>,
    rowIdentity: @escaping (Model) -> RowKey, rowContentEqual: @escaping (Model, Model) -> Bool
) async -> Int {
    var checked = 0
    var failures = 0
    for (old, new) in pairs {
        checked += 1
        if checked.isMultiple(of: 250) { await Task.yield() }
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
    static let wordsUpTo6 = allWords(upTo: 6)
    /// The 262 canonical lists of up to 6 letters, dealt round-robin into 8 shares so the cases run in parallel.
    static let canonicalUpTo6 = wordsUpTo6.filter(isCanonicalWord)

    /// Every pair of lists of up to 6 letters from a 4-letter alphabet (5,461 × 5,461 pairs), covered by the 262
    /// canonical old lists against all 5,461 new lists: 1,430,782 diffs, in 8 shares.
    @Test("all pairs of lists up to length 6, letters as identity", arguments: 0..<8)
    func allPairsUpToSix(share: Int) async {
        #expect(Self.wordsUpTo6.count == 5_461)
        #expect(Self.canonicalUpTo6.count == 262)
        let olds = Self.canonicalUpTo6.indices.filter { $0 % 8 == share }.map { Self.canonicalUpTo6[$0] }
        let pairs = olds.lazy.flatMap { old in Self.wordsUpTo6.lazy.map { (singleSection(old), singleSection($0)) } }
        let checked = await expectOracle(
            pairs: pairs, rowIdentity: { (letter: Int) in letter }, rowContentEqual: { _, _ in true })
        #expect(checked == olds.count * 5_461)
    }

    /// Letters a, A, b, B: identity is the letter ignoring case, content is the case. Every pair of lists up to
    /// length 4 (341 × 341), covered by the old lists that are smallest under swapping the two letters and
    /// flipping the case of either: updates together with duplicates, moves, inserts and deletes.
    @Test("all pairs up to length 4 with identity and content apart")
    func allPairsWithUpdates() async {
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
        let checked = await expectOracle(pairs: pairs, rowIdentity: { $0.id }, rowContentEqual: { $0.face == $1.face })
        #expect(checked == olds.count * 341)
    }

    /// Sectioned lists: every list of sections drawn in any order from {X, Y} holding up to 3 rows in total
    /// (797 lists) against every other, covered by the 39 old lists whose section names and letters are
    /// canonical: 31,083 diffs with section inserts, deletes and moves together with row moves across sections.
    @Test("all pairs of sectioned lists with up to 2 sections and 3 rows")
    func allTwoSectionPairs() async {
        let lists = Self.twoSectionLists
        #expect(lists.count == 797)
        let olds = lists.filter(Self.isCanonicalList)
        let pairs = olds.lazy.flatMap { old in lists.lazy.map { (old, $0) } }
        let checked = await expectOracle(
            pairs: pairs, rowIdentity: { (letter: Int) in letter }, rowContentEqual: { _, _ in true })
        #expect(checked == olds.count * 797)
    }

    /// Every list of sections drawn in any order from {X, Y, Z} holding up to 2 rows in total (1,060 lists)
    /// against every other, covered by the 30 canonical old lists: 31,800 diffs with three-section reorders and
    /// rows moving between sections that move.
    @Test("all pairs of sectioned lists with up to 3 sections and 2 rows")
    func allThreeSectionPairs() async {
        let lists = Self.threeSectionLists
        #expect(lists.count == 1_060)
        let olds = lists.filter(Self.isCanonicalList)
        let pairs = olds.lazy.flatMap { old in lists.lazy.map { (old, $0) } }
        let checked = await expectOracle(
            pairs: pairs, rowIdentity: { (letter: Int) in letter }, rowContentEqual: { _, _ in true })
        #expect(checked == olds.count * 1_060)
    }

    static let twoSectionLists = sectionedLists(sectionIDs: [0, 1], maxRows: 3)
    static let threeSectionLists = sectionedLists(sectionIDs: [0, 1, 2], maxRows: 2)

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
