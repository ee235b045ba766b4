import ListEditing
import Testing

/// Cross-checks single-section diffs against the standard library's `CollectionDifference` (Myers, minimal
/// edit script) followed by `inferringMoves()`.
@Suite("Diff against CollectionDifference")
struct DiffCollectionDifferenceTests {
    struct Counts: Equatable {
        var deleted: [Int: Int] = [:]
        var inserted: [Int: Int] = [:]
        var moved = 0
    }

    static func heckelCounts(_ old: [Int], _ new: [Int]) -> Counts {
        let changes = StagedListChangeset(from: singleSection(old), to: singleSection(new))
        var counts = Counts()
        for stage in changes {
            for path in stage.rowDeletes { counts.deleted[old[path.row], default: 0] += 1 }
            for path in stage.rowInserts { counts.inserted[new[path.row], default: 0] += 1 }
            counts.moved += stage.rowMoves.count
        }
        return counts
    }

    static func collectionDifferenceCounts(_ old: [Int], _ new: [Int]) -> Counts {
        var counts = Counts()
        for change in new.difference(from: old).inferringMoves() {
            switch change {
            case .remove(_, let element, let associated):
                if associated == nil { counts.deleted[element, default: 0] += 1 } else { counts.moved += 1 }
            case .insert(_, let element, let associated):
                if associated == nil { counts.inserted[element, default: 0] += 1 }
            }
        }
        return counts
    }

    /// With distinct elements both find the same deletions and insertions, and as many moves: Myers keeps a
    /// longest common subsequence, and the diff keeps a longest increasing run of matched rows, which is the same
    /// length when elements are distinct. All pairs of permutations of subsets of {a, b, c, d, e}.
    @Test("distinct elements: same deletes, inserts and number of moves")
    func distinctElements() {
        func arrangements(_ pool: [Int], upTo length: Int) -> [[Int]] {
            var result: [[Int]] = [[]]
            guard length > 0 else { return result }
            for (index, element) in pool.enumerated() {
                var rest = pool
                rest.remove(at: index)
                result += arrangements(rest, upTo: length - 1).map { [element] + $0 }
            }
            return result
        }
        let lists = arrangements([0, 1, 2, 3, 4], upTo: 3)
        #expect(lists.count == 86)
        var mismatches = 0
        for old in lists {
            for new in lists where Self.heckelCounts(old, new) != Self.collectionDifferenceCounts(old, new) {
                mismatches += 1
                if mismatches <= 3 { Issue.record("\(old) → \(new)") }
            }
        }
        #expect(mismatches == 0)
    }

    /// With duplicates, `inferringMoves()` pairs only elements removed and inserted once, so counts can differ;
    /// what must hold is that both describe the same net change, and that the diff never deletes or inserts more
    /// than the minimal edit script does (it pairs every duplicate it can).
    @Test("duplicated elements: consistent counts, never more deletes or inserts than Myers")
    func duplicatedElements() {
        let words = allWords(upTo: 4, alphabet: 3)
        var mismatches = 0
        for old in words {
            for new in words {
                let heckel = Self.heckelCounts(old, new)
                let myers = new.difference(from: old)
                let heckelDeletes = heckel.deleted.values.reduce(0, +)
                let heckelInserts = heckel.inserted.values.reduce(0, +)
                var consistent =
                    heckelDeletes - heckelInserts == myers.removals.count - myers.insertions.count
                    && heckelDeletes <= myers.removals.count && heckelInserts <= myers.insertions.count
                for letter in 0..<3 {
                    let surplus = old.count { $0 == letter } - new.count { $0 == letter }
                    consistent =
                        consistent && heckel.deleted[letter, default: 0] == max(0, surplus)
                        && heckel.inserted[letter, default: 0] == max(0, -surplus)
                }
                if !consistent {
                    mismatches += 1
                    if mismatches <= 3 { Issue.record("\(old) → \(new)") }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
