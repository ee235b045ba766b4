/// Chooses which matched elements keep their place, so that only the others are reported as moves.
///
/// The input is the sequence of old offsets of matched elements, read in new order. Elements whose old offsets
/// increase along the sequence can stay put while the rest move around them, so the fewest moves come from the
/// longest increasing subsequence. The sequence is first cut into runs of consecutive offsets (elements that stayed
/// neighbours); an optimal increasing subsequence takes each run whole or not at all, so the search works on
/// runs weighted by length. After an edit with few moves there are few runs, whatever the list's length.
@usableFromInline
enum OrderKeeping {
    /// Returns, for each element of `offsets`, whether it keeps its place.
    ///
    /// - Parameters:
    ///   - offsets: Distinct offsets in `0..<offsetBound`, in new order.
    ///   - offsetBound: An upper bound of the offsets.
    /// - Returns: Flags whose `true` elements have increasing offsets. Their number is the largest possible when
    ///   the weighted search fits the budget (*r* log *r* ≤ 4*n* + 1024 for *r* runs and *n* elements); beyond it
    ///   a greedy linear pass keeps runs in order, which is still correct but may report more moves.
    /// - Complexity: O(*n* + *offsetBound*), with *r* log *r* bounded as above.
    @inlinable
    static func keptElements(_ offsets: [Int], offsetBound: Int) -> [Bool] {
        let count = offsets.count
        var kept = [Bool](repeating: true, count: count)
        guard count > 1 else { return kept }
        var runStarts = [0]
        for position in 1..<count where offsets[position] != offsets[position - 1] + 1 {
            runStarts.append(position)
        }
        let runCount = runStarts.count
        guard runCount > 1 else { return kept }
        runStarts.append(count)

        let logRuns = Int.bitWidth - runCount.leadingZeroBitCount
        let keptRuns: [Bool]
        if runCount * logRuns <= 4 * count + 1024 {
            keptRuns = heaviestIncreasingRuns(offsets, runStarts: runStarts, offsetBound: offsetBound)
        } else {
            keptRuns = greedyIncreasingRuns(offsets, runStarts: runStarts)
        }
        for run in 0..<runCount where !keptRuns[run] {
            for position in runStarts[run]..<runStarts[run + 1] { kept[position] = false }
        }
        return kept
    }

    /// Maximum-weight increasing subsequence of runs, with a Fenwick tree of prefix maxima over the runs' ranks.
    @inlinable
    static func heaviestIncreasingRuns(_ offsets: [Int], runStarts: [Int], offsetBound: Int) -> [Bool] {
        let runCount = runStarts.count - 1
        // Rank runs by first offset with a bucket pass instead of a sort: runs are disjoint offset ranges.
        var rankOfOffset = [Int](repeating: -1, count: offsetBound)
        for run in 0..<runCount { rankOfOffset[offsets[runStarts[run]]] = 0 }
        var nextRank = 0
        for offset in 0..<offsetBound where rankOfOffset[offset] == 0 {
            rankOfOffset[offset] = nextRank
            nextRank += 1
        }

        var treeWeight = [Int](repeating: 0, count: runCount + 1)
        var treeRun = [Int](repeating: -1, count: runCount + 1)
        var predecessor = [Int](repeating: -1, count: runCount)
        var bestWeight = 0
        var bestRun = -1
        for run in 0..<runCount {
            let rank = rankOfOffset[offsets[runStarts[run]]]
            var node = rank
            var weightBefore = 0
            var runBefore = -1
            while node > 0 {
                if treeWeight[node] > weightBefore {
                    weightBefore = treeWeight[node]
                    runBefore = treeRun[node]
                }
                node -= node & -node
            }
            let weight = weightBefore + runStarts[run + 1] - runStarts[run]
            predecessor[run] = runBefore
            if weight > bestWeight {
                bestWeight = weight
                bestRun = run
            }
            node = rank + 1
            while node <= runCount {
                if weight > treeWeight[node] {
                    treeWeight[node] = weight
                    treeRun[node] = run
                }
                node += node & -node
            }
        }

        var keptRuns = [Bool](repeating: false, count: runCount)
        var run = bestRun
        while run >= 0 {
            keptRuns[run] = true
            run = predecessor[run]
        }
        return keptRuns
    }

    /// Keeps each run whose offsets follow the last kept run's: linear, always increasing, not always longest.
    @inlinable
    static func greedyIncreasingRuns(_ offsets: [Int], runStarts: [Int]) -> [Bool] {
        let runCount = runStarts.count - 1
        var keptRuns = [Bool](repeating: false, count: runCount)
        var lastKeptOffset = -1
        for run in 0..<runCount where offsets[runStarts[run]] > lastKeptOffset {
            keptRuns[run] = true
            lastKeptOffset = offsets[runStarts[run + 1] - 1]
        }
        return keptRuns
    }
}
