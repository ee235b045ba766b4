// Times StagedListChangeset against the standard library's CollectionDifference (Myers) plus inferringMoves()
// on one section of Ints: N elements with D deletions, I insertions and M moves at seeded random positions.
// Run: swift run -c release listediting-benchmark
import ListEditing
import SeededRandom

struct Scenario {
    var count: Int
    var deletions: Int
    var insertions: Int
    var moves: Int
}

func makeLists(_ scenario: Scenario, seed: UInt64) -> (old: [Int], new: [Int]) {
    var generator = SeededRandomNumberGenerator(seed: seed)
    let old = Array(0..<scenario.count)
    var new = old
    for _ in 0..<scenario.deletions { new.remove(at: Int.random(in: 0..<new.count, using: &generator)) }
    for inserted in 0..<scenario.insertions {
        new.insert(scenario.count + inserted, at: Int.random(in: 0...new.count, using: &generator))
    }
    for _ in 0..<scenario.moves {
        let element = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
        new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
    }
    return (old, new)
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
}

func format(_ value: Double, decimals: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = Double(Int(value * scale + 0.5)) / scale  // rounded() would need libm without Foundation
    return "\(rounded)"
}

let clock = ContinuousClock()
print("ListEditing diff benchmark (release); one section of Int rows, identity = the Int")
for scenario in [
    Scenario(count: 5_000, deletions: 1_000, insertions: 1_000, moves: 200),
    Scenario(count: 100_000, deletions: 10_000, insertions: 10_000, moves: 2_000),
] {
    let (old, new) = makeLists(scenario, seed: 42)
    let source = SectionedList([ListSection(id: 0, models: old)])
    let target = SectionedList([ListSection(id: 0, models: new)])
    print("")
    print(
        "\(scenario.count) elements, \(scenario.deletions) deletions, \(scenario.insertions) insertions, "
            + "\(scenario.moves) moves (new list: \(new.count) elements)")

    // Heckel staged diff: best of several runs after a warm-up.
    var changes = StagedListChangeset(from: source, to: target)
    var heckelBest = Double.infinity
    for _ in 0..<10 {
        let elapsed = clock.measure { changes = StagedListChangeset(from: source, to: target) }
        heckelBest = min(heckelBest, milliseconds(elapsed))
    }
    let deletes = changes.reduce(0) { $0 + $1.rowDeletes.count }
    let inserts = changes.reduce(0) { $0 + $1.rowInserts.count }
    let moves = changes.reduce(0) { $0 + $1.rowMoves.count }
    print(
        "  StagedListChangeset:                        \(format(heckelBest, decimals: 3)) ms (best of 10)  "
            + "stages \(changes.count), deletes \(deletes), inserts \(inserts), moves \(moves)")

    // CollectionDifference: Myers needs O((N + M) · D) time and keeps O(D²) memory, so it runs once here.
    var difference = new.difference(from: old)
    let myersTime = milliseconds(clock.measure { difference = new.difference(from: old) })
    var inferred = difference
    let inferTime = milliseconds(clock.measure { inferred = difference.inferringMoves() })
    let associated = inferred.removals.count { change in
        if case .remove(_, _, let associatedWith) = change { return associatedWith != nil }
        return false
    }
    print(
        "  CollectionDifference (difference(from:)):   \(format(myersTime)) ms (one run)  "
            + "removals \(difference.removals.count), insertions \(difference.insertions.count)")
    print(
        "  + inferringMoves():                         \(format(inferTime)) ms  "
            + "moves \(associated), unpaired removals \(inferred.removals.count - associated)")
    print(
        "  ratio (CollectionDifference + inferringMoves) / StagedListChangeset: \(format((myersTime + inferTime) / heckelBest, decimals: 1))x"
    )
}
