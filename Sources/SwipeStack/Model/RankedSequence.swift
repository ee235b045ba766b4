internal import SeededRandom

/// A sequence of small integer identities kept in an implicit treap, addressed both by rank and by identity.
///
/// Every identity owns one node slot, so besides the usual rank operations the sequence can answer "where is
/// this identity?" by walking parent links up from the node. The engine keeps two of them: the data-source order
/// of all cards (rank = data-source index) and the remaining stack (rank = position).
///
/// - Complexity: `insert`, `remove`, `rank(of:)`, `element(at:)` and `rotate(by:)` are O(log n) expected;
///   `replaceAll(with:)` and `forEach(_:)` are O(n).
struct RankedSequence: Sendable {
    private static let none = -1

    private var left: [Int] = []
    private var right: [Int] = []
    private var parent: [Int] = []
    /// The size of the subtree under each node; 0 marks an identity that is not in the sequence.
    private var size: [Int] = []
    private var priority: [UInt64] = []
    private var root = RankedSequence.none
    /// Treap priorities: seeded, so that a stack built from the same calls always has the same shape and behaves
    /// reproducibly (Embedded Swift has no system random source anyway).
    private var random: SeededRandomNumberGenerator

    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// The number of identities in the sequence.
    var count: Int { root == Self.none ? 0 : size[root] }

    /// Whether `identity` is in the sequence.
    func contains(_ identity: Int) -> Bool {
        identity >= 0 && identity < size.count && size[identity] > 0
    }

    /// The rank of `identity`, or `nil` if it is not in the sequence.
    func rank(of identity: Int) -> Int? {
        guard contains(identity) else { return nil }
        var node = identity
        var result = sizeOf(left[node])
        while parent[node] != Self.none {
            let up = parent[node]
            if right[up] == node { result += sizeOf(left[up]) + 1 }
            node = up
        }
        return result
    }

    /// The identity at `rank`; `rank` must be in `0..<count`.
    func element(at rank: Int) -> Int {
        precondition(rank >= 0 && rank < count, "RankedSequence rank out of range")
        var node = root
        var rank = rank
        while true {
            let leftSize = sizeOf(left[node])
            if rank < leftSize {
                node = left[node]
            } else if rank == leftSize {
                return node
            } else {
                rank -= leftSize + 1
                node = right[node]
            }
        }
    }

    /// Inserts `identity` (which must not be in the sequence) so that it gets `rank` (in `0...count`).
    mutating func insert(_ identity: Int, at rank: Int) {
        precondition(rank >= 0 && rank <= count && !contains(identity), "RankedSequence insert out of range")
        ensureSlot(identity)
        left[identity] = Self.none
        right[identity] = Self.none
        parent[identity] = Self.none
        size[identity] = 1
        priority[identity] = random.next()
        let (before, after) = split(root, rank)
        root = merge(merge(before, identity), after)
        parent[root] = Self.none
    }

    /// Removes and returns the identity at `rank` (in `0..<count`).
    @discardableResult
    mutating func remove(at rank: Int) -> Int {
        precondition(rank >= 0 && rank < count, "RankedSequence remove out of range")
        let (before, rest) = split(root, rank)
        let (removed, after) = split(rest, 1)
        size[removed] = 0
        root = merge(before, after)
        if root != Self.none { parent[root] = Self.none }
        return removed
    }

    /// Moves the first `distance` identities (in `0...count`) to the end.
    mutating func rotate(by distance: Int) {
        precondition(distance >= 0 && distance <= count, "RankedSequence rotation out of range")
        guard distance > 0 && distance < count else { return }
        let (front, back) = split(root, distance)
        root = merge(back, front)
        parent[root] = Self.none
    }

    /// Replaces the contents with `identities` in order, building a balanced tree.
    mutating func replaceAll(with identities: [Int]) {
        for index in size.indices { size[index] = 0 }
        if let largest = identities.max() { ensureSlot(largest) }
        root = build(identities, identities.startIndex, identities.endIndex)
        if root != Self.none { parent[root] = Self.none }
    }

    /// Calls `body` with each identity in rank order, stopping early when `body` returns `false`.
    func forEach(_ body: (Int) -> Bool) {
        var path: [Int] = []
        var node = root
        while node != Self.none || !path.isEmpty {
            while node != Self.none {
                path.append(node)
                node = left[node]
            }
            let current = path.removeLast()
            if !body(current) { return }
            node = right[current]
        }
    }

    // MARK: Treap internals

    private func sizeOf(_ node: Int) -> Int {
        node == Self.none ? 0 : size[node]
    }

    private mutating func ensureSlot(_ identity: Int) {
        while size.count <= identity {
            left.append(Self.none)
            right.append(Self.none)
            parent.append(Self.none)
            size.append(0)
            priority.append(0)
        }
    }

    private mutating func update(_ node: Int) {
        size[node] = sizeOf(left[node]) + sizeOf(right[node]) + 1
    }

    private mutating func setLeft(_ node: Int, _ child: Int) {
        left[node] = child
        if child != Self.none { parent[child] = node }
    }

    private mutating func setRight(_ node: Int, _ child: Int) {
        right[node] = child
        if child != Self.none { parent[child] = node }
    }

    /// Splits `node`'s subtree into its first `rank` identities and the rest; both results are detached roots.
    private mutating func split(_ node: Int, _ rank: Int) -> (Int, Int) {
        if node == Self.none { return (Self.none, Self.none) }
        let leftSize = sizeOf(left[node])
        if rank <= leftSize {
            let (before, after) = split(left[node], rank)
            setLeft(node, after)
            update(node)
            if before != Self.none { parent[before] = Self.none }
            parent[node] = Self.none
            return (before, node)
        } else {
            let (before, after) = split(right[node], rank - leftSize - 1)
            setRight(node, before)
            update(node)
            if after != Self.none { parent[after] = Self.none }
            parent[node] = Self.none
            return (node, after)
        }
    }

    /// Concatenates two detached subtrees, every identity of `first` before every identity of `second`.
    private mutating func merge(_ first: Int, _ second: Int) -> Int {
        if first == Self.none { return second }
        if second == Self.none { return first }
        if priority[first] > priority[second] {
            setRight(first, merge(right[first], second))
            update(first)
            return first
        } else {
            setLeft(second, merge(first, left[second]))
            update(second)
            return second
        }
    }

    /// Builds a balanced subtree of `identities[lower..<upper]`, then sifts random priorities into heap order,
    /// which keeps the build O(n) and leaves a valid treap.
    private mutating func build(_ identities: [Int], _ lower: Int, _ upper: Int) -> Int {
        guard lower < upper else { return Self.none }
        let middle = lower + (upper - lower) / 2
        let node = identities[middle]
        setLeft(node, build(identities, lower, middle))
        setRight(node, build(identities, middle + 1, upper))
        update(node)
        priority[node] = random.next()
        var current = node
        while true {
            var highest = current
            if left[current] != Self.none && priority[left[current]] > priority[highest] { highest = left[current] }
            if right[current] != Self.none && priority[right[current]] > priority[highest] {
                highest = right[current]
            }
            if highest == current { break }
            priority.swapAt(current, highest)
            current = highest
        }
        return node
    }
}
